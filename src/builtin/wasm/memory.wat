;; The memory test's events, in WebAssembly so that the machine does what sysbench's C does:
;; one 64-bit load or store per word of the block (i64.load / i64.store on the test's shared
;; buffer), sequentially or at random words.
;;
;; The block is the memory from address 0, `words` 8-byte words long. Random words are drawn
;; from the thread's xoroshiro128+ generator as sysbench draws them: the 64-bit step, the
;; uniform double built from the output's top 52 bits, times the number of words, truncated.
;; The generator's two state words live at `state` (s[0], then s[1]) and are written back
;; when the block is done; the word after them receives what --memory-oper=none computes.
(module
  (import "test" "buffer" (memory 1 65536 shared))

  ;; each word gets the number of words from it to the end of the block
  (func (export "seqWrite") (param $words i32)
    (local $at i32) (local $left i64)
    (local.set $left (i64.extend_i32_u (local.get $words)))
    (block $done
      (loop $each
        (br_if $done (i64.eqz (local.get $left)))
        (i64.store (local.get $at) (local.get $left))
        (local.set $at (i32.add (local.get $at) (i32.const 8)))
        (local.set $left (i64.sub (local.get $left) (i64.const 1)))
        (br $each))))

  (func (export "seqRead") (param $words i32)
    (local $at i32) (local $end i32)
    (local.set $end (i32.shl (local.get $words) (i32.const 3)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (drop (i64.load (local.get $at)))
        (local.set $at (i32.add (local.get $at) (i32.const 8)))
        (br $each))))

  ;; the loop over the words alone
  (func (export "seqNone") (param $words i32)
    (local $at i32) (local $end i32)
    (local.set $end (i32.shl (local.get $words) (i32.const 3)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $at (i32.add (local.get $at) (i32.const 8)))
        (br $each))))

  ;; Random words: read (a load), write (the word gets its byte counter, 0, 8, 16, ...) or
  ;; none (the index alone, stored at state + 16). One function choosing the operation per
  ;; word would branch in the loop: the three differ only in what they do with the word.
  (func (export "rndRead") (param $words i32) (param $state i32)
    (local $s0 i64) (local $s1 i64) (local $out i64) (local $n f64) (local $i i32) (local $end i32)
    (local.set $s0 (i64.load (local.get $state)))
    (local.set $s1 (i64.load offset=8 (local.get $state)))
    (local.set $n (f64.convert_i32_u (local.get $words)))
    (local.set $end (i32.shl (local.get $words) (i32.const 3)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        ;; xoroshiro128+: the output is s[0] + s[1]
        (local.set $out (i64.add (local.get $s0) (local.get $s1)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (drop (i64.load (i32.shl
          (i32.trunc_f64_u (f64.mul (local.get $n) (f64.sub
            (f64.reinterpret_i64 (i64.or (i64.shr_u (local.get $out) (i64.const 12)) (i64.const 0x3ff0000000000000)))
            (f64.const 1))))
          (i32.const 3))))
        (local.set $i (i32.add (local.get $i) (i32.const 8)))
        (br $each)))
    (i64.store (local.get $state) (local.get $s0))
    (i64.store offset=8 (local.get $state) (local.get $s1)))

  (func (export "rndWrite") (param $words i32) (param $state i32)
    (local $s0 i64) (local $s1 i64) (local $out i64) (local $n f64) (local $i i32) (local $end i32)
    (local.set $s0 (i64.load (local.get $state)))
    (local.set $s1 (i64.load offset=8 (local.get $state)))
    (local.set $n (f64.convert_i32_u (local.get $words)))
    (local.set $end (i32.shl (local.get $words) (i32.const 3)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $out (i64.add (local.get $s0) (local.get $s1)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (i64.store (i32.shl
          (i32.trunc_f64_u (f64.mul (local.get $n) (f64.sub
            (f64.reinterpret_i64 (i64.or (i64.shr_u (local.get $out) (i64.const 12)) (i64.const 0x3ff0000000000000)))
            (f64.const 1))))
          (i32.const 3))
          (i64.extend_i32_u (local.get $i)))
        (local.set $i (i32.add (local.get $i) (i32.const 8)))
        (br $each)))
    (i64.store (local.get $state) (local.get $s0))
    (i64.store offset=8 (local.get $state) (local.get $s1)))

  (func (export "rndNone") (param $words i32) (param $state i32)
    (local $s0 i64) (local $s1 i64) (local $out i64) (local $n f64) (local $i i32) (local $end i32)
    (local.set $s0 (i64.load (local.get $state)))
    (local.set $s1 (i64.load offset=8 (local.get $state)))
    (local.set $n (f64.convert_i32_u (local.get $words)))
    (local.set $end (i32.shl (local.get $words) (i32.const 3)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $out (i64.add (local.get $s0) (local.get $s1)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        ;; sysbench keeps the index in a volatile variable: a store it cannot skip
        (i32.store offset=16 (local.get $state)
          (i32.trunc_f64_u (f64.mul (local.get $n) (f64.sub
            (f64.reinterpret_i64 (i64.or (i64.shr_u (local.get $out) (i64.const 12)) (i64.const 0x3ff0000000000000)))
            (f64.const 1)))))
        (local.set $i (i32.add (local.get $i) (i32.const 8)))
        (br $each)))
    (i64.store (local.get $state) (local.get $s0))
    (i64.store offset=8 (local.get $state) (local.get $s1))))
