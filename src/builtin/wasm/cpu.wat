;; The cpu test's event, in WebAssembly so that the machine runs the instructions sysbench's
;; C does: 64-bit unsigned remainder (i64.rem_u, the CPU's divide) and a double square root
;; (f64.sqrt). Counts the primes in [3, max) by trial division; each candidate's divisor
;; bound is its square root, compared as a double. (A divisor is below 2^16, as the candidate is
;; below 2^31: converted as a signed number it is the same double, in one instruction where V8's
;; unsigned conversion takes a branchy sequence.)
(module
  (func (export "primes") (param $max i32) (result i32)
    (local $limit i64) (local $cand i64) (local $div i64) (local $root f64) (local $found i32)
    (local.set $limit (i64.extend_i32_u (local.get $max)))
    (local.set $cand (i64.const 3))
    (block $all
      (loop $candidates
        (br_if $all (i64.ge_u (local.get $cand) (local.get $limit)))
        (local.set $root (f64.sqrt (f64.convert_i64_u (local.get $cand))))
        (local.set $div (i64.const 2))
        (block $stop
          (loop $divisors
            (br_if $stop (i32.eqz (f64.le (f64.convert_i64_s (local.get $div)) (local.get $root))))
            (br_if $stop (i64.eqz (i64.rem_u (local.get $cand) (local.get $div))))
            (local.set $div (i64.add (local.get $div) (i64.const 1)))
            (br $divisors)))
        ;; no divisor up to the root: a prime
        (local.set $found (i32.add (local.get $found)
          (f64.gt (f64.convert_i64_s (local.get $div)) (local.get $root))))
        (local.set $cand (i64.add (local.get $cand) (i64.const 1)))
        (br $candidates)))
    (local.get $found)))
