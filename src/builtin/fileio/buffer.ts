// I/O buffers aligned to the page size, as sysbench's sb_memalign() gives: O_DIRECT needs
// them. Node.js cannot align an ArrayBuffer, but WebAssembly memories are page-aligned
// mappings, so the buffers are carved from one.
import { crc32 as zlibCrc32 } from 'node:zlib';

interface WasmMemoryCtor {
  new (d: { initial: number; maximum?: number }): { buffer: ArrayBuffer };
}
const WasmMemory = (globalThis as unknown as { WebAssembly: { Memory: WasmMemoryCtor } }).WebAssembly.Memory;

const WASM_PAGE = 65536;

/** A zero-filled, page-aligned buffer of `size` bytes; null when it cannot be had. */
export function alignedBuffer(size: number): Uint8Array | null {
  const pages = Math.max(1, Math.ceil(size / WASM_PAGE));
  try {
    return new Uint8Array(new WasmMemory({ initial: pages, maximum: pages }).buffer, 0, size);
  } catch {
    return null;
  }
}

let table: Int32Array | null = null;

function crcTable(): Int32Array {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
}

/** zlib's crc32(0, buf, len). */
export function crc32(buf: Uint8Array): number {
  if (typeof zlibCrc32 === 'function') return zlibCrc32(buf) >>> 0;
  const t = (table ??= crcTable());
  let c = -1;
  for (let i = 0; i < buf.length; i++) c = t[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/** bytes taken by the checksum (a C int) and the offset (a C long) at the end of a block */
export const TRAILER = 12;

/**
 * file_fill_buffer(): random bytes from the thread's generator, then the checksum of those
 * bytes and the block's file offset, little-endian.
 */
export function fillBuffer(buf: Uint8Array, len: number, offset: number, nextByte: () => number): void {
  const data = Math.max(0, len - TRAILER);
  for (let i = 0; i < data; i++) buf[i] = nextByte();
  if (len < TRAILER) return;
  const dv = new DataView(buf.buffer, buf.byteOffset, len);
  dv.setUint32(data, crc32(buf.subarray(0, data)), true);
  dv.setBigInt64(data + 4, BigInt(offset), true);
}

export type ValidateResult = { ok: true } | { ok: false; lines: string[] };

/** file_validate_buffer() */
export function validateBuffer(buf: Uint8Array, len: number, offset: number): ValidateResult {
  if (len < TRAILER) return { ok: true };
  const data = len - TRAILER;
  const dv = new DataView(buf.buffer, buf.byteOffset, len);
  const sum = crc32(buf.subarray(0, data));
  const stored = dv.getUint32(data, true);
  if (sum !== stored) {
    return {
      ok: false,
      lines: [
        `Checksum mismatch in block with offset: ${offset}`,
        `    Calculated value: 0x${sum.toString(16)}    Stored value: 0x${stored.toString(16)}`,
      ],
    };
  }
  const storedOffset = dv.getBigUint64(data + 4, true);
  if (storedOffset !== BigInt(offset)) {
    return {
      ok: false,
      lines: ['Offset mismatch in block:', `   Actual offset: ${offset}    Stored offset: ${storedOffset}`],
    };
  }
  return { ok: true };
}
