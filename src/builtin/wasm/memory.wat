;; The memory test's events, in WebAssembly so that the machine does what sysbench's C does:
;; one 64-bit load or store per word of the block (i64.load / i64.store on the test's shared
;; buffer), sequentially or at random words.
;;
;; The block is the memory from address 0, `words` 8-byte words long. Random words are drawn
;; from the thread's xoroshiro128+ generator as sysbench draws them: the 64-bit step, the
;; uniform double built from the output's top 52 bits, times the number of words, truncated
;; (a signed conversion: the index is below 2^28, and V8's unsigned one takes more code). The
;; generator's two state words live at `state` (s[0], then s[1]) and are written back when the
;; block is done.
;;
;; The reference binary (Debian's 1.0.20) is built with loop unrolling: its sequential loops
;; and the generator-only loop of --memory-oper=none do eight words an iteration, the random
;; read and write loops one. These loops are shaped the same way, but for the random read and
;; write loops, which do four words an iteration: V8 checks for interrupts (a load, a compare
;; and a branch) on every loop back-edge, which the C loop does not, and at one word an
;; iteration that check alone made 1K random blocks 20% slower than the reference's.
(module
  (import "test" "buffer" (memory 1 65536 shared))

  ;; each word gets the number of words from it to the end of the block
  (func (export "seqWrite") (param $words i32)
    (local $at i32) (local $end i32) (local $groups i32)
    (local.set $end (i32.shl (local.get $words) (i32.const 3)))
    (local.set $groups (i32.and (local.get $end) (i32.const -64)))
    (block $rest
      (loop $group
        (br_if $rest (i32.ge_u (local.get $at) (local.get $groups)))
        (i64.store (local.get $at) (i64.extend_i32_u (i32.shr_u (i32.sub (local.get $end) (i32.add (local.get $at) (i32.const 0))) (i32.const 3))))
        (i64.store offset=8 (local.get $at) (i64.extend_i32_u (i32.shr_u (i32.sub (local.get $end) (i32.add (local.get $at) (i32.const 8))) (i32.const 3))))
        (i64.store offset=16 (local.get $at) (i64.extend_i32_u (i32.shr_u (i32.sub (local.get $end) (i32.add (local.get $at) (i32.const 16))) (i32.const 3))))
        (i64.store offset=24 (local.get $at) (i64.extend_i32_u (i32.shr_u (i32.sub (local.get $end) (i32.add (local.get $at) (i32.const 24))) (i32.const 3))))
        (i64.store offset=32 (local.get $at) (i64.extend_i32_u (i32.shr_u (i32.sub (local.get $end) (i32.add (local.get $at) (i32.const 32))) (i32.const 3))))
        (i64.store offset=40 (local.get $at) (i64.extend_i32_u (i32.shr_u (i32.sub (local.get $end) (i32.add (local.get $at) (i32.const 40))) (i32.const 3))))
        (i64.store offset=48 (local.get $at) (i64.extend_i32_u (i32.shr_u (i32.sub (local.get $end) (i32.add (local.get $at) (i32.const 48))) (i32.const 3))))
        (i64.store offset=56 (local.get $at) (i64.extend_i32_u (i32.shr_u (i32.sub (local.get $end) (i32.add (local.get $at) (i32.const 56))) (i32.const 3))))
        (local.set $at (i32.add (local.get $at) (i32.const 64)))
        (br $group)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (i64.store (local.get $at) (i64.extend_i32_u (i32.shr_u (i32.sub (local.get $end) (i32.add (local.get $at) (i32.const 0))) (i32.const 3))))
        (local.set $at (i32.add (local.get $at) (i32.const 8)))
        (br $each))))

  (func (export "seqRead") (param $words i32)
    (local $at i32) (local $end i32) (local $groups i32)
    (local.set $end (i32.shl (local.get $words) (i32.const 3)))
    (local.set $groups (i32.and (local.get $end) (i32.const -64)))
    (block $rest
      (loop $group
        (br_if $rest (i32.ge_u (local.get $at) (local.get $groups)))
        (drop (i64.load (local.get $at)))
        (drop (i64.load offset=8 (local.get $at)))
        (drop (i64.load offset=16 (local.get $at)))
        (drop (i64.load offset=24 (local.get $at)))
        (drop (i64.load offset=32 (local.get $at)))
        (drop (i64.load offset=40 (local.get $at)))
        (drop (i64.load offset=48 (local.get $at)))
        (drop (i64.load offset=56 (local.get $at)))
        (local.set $at (i32.add (local.get $at) (i32.const 64)))
        (br $group)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (drop (i64.load (local.get $at)))
        (local.set $at (i32.add (local.get $at) (i32.const 8)))
        (br $each))))

  ;; the loop over the words alone
  (func (export "seqNone") (param $words i32)
    (local $at i32) (local $end i32) (local $groups i32)
    (local.set $end (i32.shl (local.get $words) (i32.const 3)))
    (local.set $groups (i32.and (local.get $end) (i32.const -64)))
    (block $rest
      (loop $group
        (br_if $rest (i32.ge_u (local.get $at) (local.get $groups)))
        (nop)
        (nop)
        (nop)
        (nop)
        (nop)
        (nop)
        (nop)
        (nop)
        (local.set $at (i32.add (local.get $at) (i32.const 64)))
        (br $group)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (nop)
        (local.set $at (i32.add (local.get $at) (i32.const 8)))
        (br $each))))

  ;; xoroshiro128+: the output is s[0] + s[1], then the state steps
  (func (export "rndRead") (param $words i32) (param $state i32)
    (local $s0 i64) (local $s1 i64) (local $out i64) (local $n f64) (local $i i32) (local $end i32) (local $groups i32)
    (local.set $s0 (i64.load (local.get $state)))
    (local.set $s1 (i64.load offset=8 (local.get $state)))
    (local.set $n (f64.convert_i32_u (local.get $words)))
    (local.set $end (i32.shl (local.get $words) (i32.const 3)))
    (local.set $groups (i32.and (local.get $end) (i32.const -32)))
    (block $rest
      (loop $group
        (br_if $rest (i32.ge_u (local.get $i) (local.get $groups)))
        (local.set $out (i64.add (local.get $s0) (local.get $s1)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (drop (i64.load (i32.shl
          (i32.trunc_f64_s (f64.mul (local.get $n) (f64.sub
            (f64.reinterpret_i64 (i64.or (i64.shr_u (local.get $out) (i64.const 12)) (i64.const 0x3ff0000000000000)))
            (f64.const 1))))
          (i32.const 3))))
        (local.set $out (i64.add (local.get $s0) (local.get $s1)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (drop (i64.load (i32.shl
          (i32.trunc_f64_s (f64.mul (local.get $n) (f64.sub
            (f64.reinterpret_i64 (i64.or (i64.shr_u (local.get $out) (i64.const 12)) (i64.const 0x3ff0000000000000)))
            (f64.const 1))))
          (i32.const 3))))
        (local.set $out (i64.add (local.get $s0) (local.get $s1)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (drop (i64.load (i32.shl
          (i32.trunc_f64_s (f64.mul (local.get $n) (f64.sub
            (f64.reinterpret_i64 (i64.or (i64.shr_u (local.get $out) (i64.const 12)) (i64.const 0x3ff0000000000000)))
            (f64.const 1))))
          (i32.const 3))))
        (local.set $out (i64.add (local.get $s0) (local.get $s1)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (drop (i64.load (i32.shl
          (i32.trunc_f64_s (f64.mul (local.get $n) (f64.sub
            (f64.reinterpret_i64 (i64.or (i64.shr_u (local.get $out) (i64.const 12)) (i64.const 0x3ff0000000000000)))
            (f64.const 1))))
          (i32.const 3))))
        (local.set $i (i32.add (local.get $i) (i32.const 32)))
        (br $group)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $out (i64.add (local.get $s0) (local.get $s1)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (drop (i64.load (i32.shl
          (i32.trunc_f64_s (f64.mul (local.get $n) (f64.sub
            (f64.reinterpret_i64 (i64.or (i64.shr_u (local.get $out) (i64.const 12)) (i64.const 0x3ff0000000000000)))
            (f64.const 1))))
          (i32.const 3))))
        (local.set $i (i32.add (local.get $i) (i32.const 8)))
        (br $each)))
    (i64.store (local.get $state) (local.get $s0))
    (i64.store offset=8 (local.get $state) (local.get $s1)))

  ;; the word gets the event's byte counter (0, 8, 16, ...)
  (func (export "rndWrite") (param $words i32) (param $state i32)
    (local $s0 i64) (local $s1 i64) (local $out i64) (local $n f64) (local $i i32) (local $end i32) (local $groups i32)
    (local.set $s0 (i64.load (local.get $state)))
    (local.set $s1 (i64.load offset=8 (local.get $state)))
    (local.set $n (f64.convert_i32_u (local.get $words)))
    (local.set $end (i32.shl (local.get $words) (i32.const 3)))
    (local.set $groups (i32.and (local.get $end) (i32.const -32)))
    (block $rest
      (loop $group
        (br_if $rest (i32.ge_u (local.get $i) (local.get $groups)))
        (local.set $out (i64.add (local.get $s0) (local.get $s1)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (i64.store (i32.shl
          (i32.trunc_f64_s (f64.mul (local.get $n) (f64.sub
            (f64.reinterpret_i64 (i64.or (i64.shr_u (local.get $out) (i64.const 12)) (i64.const 0x3ff0000000000000)))
            (f64.const 1))))
          (i32.const 3))
          (i64.extend_i32_u (local.get $i)))
        (local.set $out (i64.add (local.get $s0) (local.get $s1)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (i64.store (i32.shl
          (i32.trunc_f64_s (f64.mul (local.get $n) (f64.sub
            (f64.reinterpret_i64 (i64.or (i64.shr_u (local.get $out) (i64.const 12)) (i64.const 0x3ff0000000000000)))
            (f64.const 1))))
          (i32.const 3))
          (i64.extend_i32_u (i32.add (local.get $i) (i32.const 8))))
        (local.set $out (i64.add (local.get $s0) (local.get $s1)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (i64.store (i32.shl
          (i32.trunc_f64_s (f64.mul (local.get $n) (f64.sub
            (f64.reinterpret_i64 (i64.or (i64.shr_u (local.get $out) (i64.const 12)) (i64.const 0x3ff0000000000000)))
            (f64.const 1))))
          (i32.const 3))
          (i64.extend_i32_u (i32.add (local.get $i) (i32.const 16))))
        (local.set $out (i64.add (local.get $s0) (local.get $s1)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (i64.store (i32.shl
          (i32.trunc_f64_s (f64.mul (local.get $n) (f64.sub
            (f64.reinterpret_i64 (i64.or (i64.shr_u (local.get $out) (i64.const 12)) (i64.const 0x3ff0000000000000)))
            (f64.const 1))))
          (i32.const 3))
          (i64.extend_i32_u (i32.add (local.get $i) (i32.const 24))))
        (local.set $i (i32.add (local.get $i) (i32.const 32)))
        (br $group)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $out (i64.add (local.get $s0) (local.get $s1)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (i64.store (i32.shl
          (i32.trunc_f64_s (f64.mul (local.get $n) (f64.sub
            (f64.reinterpret_i64 (i64.or (i64.shr_u (local.get $out) (i64.const 12)) (i64.const 0x3ff0000000000000)))
            (f64.const 1))))
          (i32.const 3))
          (i64.extend_i32_u (local.get $i)))
        (local.set $i (i32.add (local.get $i) (i32.const 8)))
        (br $each)))
    (i64.store (local.get $state) (local.get $s0))
    (i64.store offset=8 (local.get $state) (local.get $s1)))

  ;; --memory-oper=none draws the index into a volatile-cast value that nothing reads: the
  ;; reference's compiled loop keeps only the generator's steps (no double, no index), eight to
  ;; an iteration. So does this one.
  (func (export "rndNone") (param $words i32) (param $state i32)
    (local $s0 i64) (local $s1 i64) (local $i i32) (local $groups i32)
    (local.set $s0 (i64.load (local.get $state)))
    (local.set $s1 (i64.load offset=8 (local.get $state)))
    (local.set $groups (i32.and (local.get $words) (i32.const -8)))
    (block $rest
      (loop $group
        (br_if $rest (i32.ge_u (local.get $i) (local.get $groups)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (local.set $i (i32.add (local.get $i) (i32.const 8)))
        (br $group)))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $words)))
        (local.set $s1 (i64.xor (local.get $s1) (local.get $s0)))
        (local.set $s0 (i64.xor (i64.xor (i64.rotl (local.get $s0) (i64.const 55)) (local.get $s1))
          (i64.shl (local.get $s1) (i64.const 14))))
        (local.set $s1 (i64.rotl (local.get $s1) (i64.const 36)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each)))
    (i64.store (local.get $state) (local.get $s0))
    (i64.store offset=8 (local.get $state) (local.get $s1)))
)
