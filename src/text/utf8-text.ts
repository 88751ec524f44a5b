/**
 * The bytes of a file as the text fullapi reads: UTF-8. A UTF-16 file (Windows editors and PowerShell's `>`
 * write them) decoded as UTF-8 is a NUL beside every letter, which each reader then misreads in its own way
 * (YAML sees one long scalar, "not a mapping"); it is refused here, once for every input, and named as what it is.
 */
export function utf8Text(bytes: Buffer): string {
  const byteOrder = utf16ByteOrder(bytes);
  if (byteOrder !== undefined) throw new Error(`it is UTF-16 (${byteOrder}) text, and fullapi reads UTF-8: save it as UTF-8`);
  return bytes.toString('utf8');
}

/** Enough code units to tell UTF-16 from UTF-8 by its NULs, and few enough to cost nothing on a large file. */
const SAMPLE_BYTES = 1024;

function utf16ByteOrder(bytes: Buffer): 'little-endian' | 'big-endian' | undefined {
  // Bytes no UTF-8 text starts with: the byte-order marks of UTF-16.
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'little-endian';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'big-endian';
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  if (!sample.includes(0)) return undefined;
  // Without a mark: every character below U+0100 is a NUL and a byte, the NUL always on the same side. UTF-8
  // text holds no NUL; a stray one, or a binary file's NULs on both sides, is not UTF-16.
  let even = 0;
  let odd = 0;
  for (let index = 0; index < sample.length; index++) {
    if (sample[index] !== 0) continue;
    if (index % 2 === 0) even++;
    else odd++;
  }
  const codeUnits = Math.floor(sample.length / 2);
  if (even === 0 && odd * 4 >= codeUnits) return 'little-endian';
  if (odd === 0 && even * 4 >= codeUnits) return 'big-endian';
  return undefined;
}
