;; The string-stop scan of core/rpc/stringStops.ts: where a JSON string body stops
;; being plain text. The bytes of one line are copied to memory at offset 0; `stop(i, end)`
;; returns the index of the first byte in [i, end) that is below 0x20 (a control character,
;; invalid in a JSON string), a quote (0x22) or a backslash (0x5c), or `end` if there is none.
;; Sixteen bytes are tested at a time (SIMD); the last few one at a time. Bytes from 0x80 up
;; (UTF-8 sequences) are plain text: the comparison below 0x20 is unsigned.
;;
;; stringStops.ts embeds the module this compiles to (wabt's wat2wasm, SIMD enabled);
;; test/core/rpc/stringStops.test.ts compiles this file and checks that the bytes are the same.
(module
  (memory (export "memory") 1)
  (func (export "stop") (param $i i32) (param $end i32) (result i32)
    (local $v v128)
    (local $m i32)
    (block $scalar
      (loop $vector
        (br_if $scalar (i32.gt_u (i32.add (local.get $i) (i32.const 16)) (local.get $end)))
        (local.set $v (v128.load (local.get $i)))
        (local.set $m
          (i8x16.bitmask
            (v128.or
              (v128.or
                (i8x16.lt_u (local.get $v) (i8x16.splat (i32.const 0x20)))
                (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0x22))))
              (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0x5c))))))
        (if (local.get $m)
          (then (return (i32.add (local.get $i) (i32.ctz (local.get $m))))))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $vector)))
    (block $done
      (loop $byte
        (br_if $done (i32.ge_u (local.get $i) (local.get $end)))
        (local.set $m (i32.load8_u (local.get $i)))
        (if
          (i32.or
            (i32.or
              (i32.lt_u (local.get $m) (i32.const 0x20))
              (i32.eq (local.get $m) (i32.const 0x22)))
            (i32.eq (local.get $m) (i32.const 0x5c)))
          (then (return (local.get $i))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $byte)))
    (local.get $end)))
