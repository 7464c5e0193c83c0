/**
 * The content check behind ACP03 ("virus scan error"). The portal has no antivirus engine, so an
 * uploaded core file is refused when its bytes are not what a CSV can be: an executable, a script, an
 * archive or a compound document (by their magic numbers, after an optional UTF-8 byte-order mark), or
 * a file carrying the EICAR antivirus test signature anywhere. See docs/decisions/0063-core-upload-content-scan.md.
 */

export interface ScanFinding {
  /** What the bytes are, for the log and the error detail. */
  kind: string;
}

const EICAR = Buffer.from('X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*', 'latin1');

interface Signature {
  kind: string;
  bytes: number[];
  /** Extra test on the whole file, for signatures short enough to start a line of text. */
  also?: (buf: Buffer) => boolean;
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const SIGNATURES: Signature[] = [
  { kind: 'Windows executable', bytes: ascii('MZ'), also: isPortableExecutable },
  { kind: 'ELF executable', bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { kind: 'Mach-O executable', bytes: [0xcf, 0xfa, 0xed, 0xfe] },
  { kind: 'Mach-O executable', bytes: [0xce, 0xfa, 0xed, 0xfe] },
  { kind: 'Mach-O executable', bytes: [0xfe, 0xed, 0xfa, 0xce] },
  { kind: 'Mach-O executable', bytes: [0xfe, 0xed, 0xfa, 0xcf] },
  { kind: 'Java class or Mach-O universal binary', bytes: [0xca, 0xfe, 0xba, 0xbe] },
  { kind: 'script', bytes: ascii('#!/') },
  { kind: 'ZIP archive (or Office document)', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { kind: 'ZIP archive', bytes: [0x50, 0x4b, 0x05, 0x06] },
  { kind: 'ZIP archive', bytes: [0x50, 0x4b, 0x07, 0x08] },
  { kind: 'RAR archive', bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07] },
  { kind: '7-Zip archive', bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { kind: 'gzip archive', bytes: [0x1f, 0x8b] },
  { kind: 'bzip2 archive', bytes: ascii('BZh'), also: (b) => /^BZh[1-9]1AY&SY/.test(b.subarray(0, 10).toString('latin1')) },
  { kind: 'xz archive', bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00] },
  { kind: 'Zstandard archive', bytes: [0x28, 0xb5, 0x2f, 0xfd] },
  { kind: 'CAB archive', bytes: ascii('MSCF'), also: (b) => b.length > 8 && b[4] === 0 && b[5] === 0 },
  { kind: 'compound document (legacy Office, MSI)', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  { kind: 'PDF document', bytes: ascii('%PDF-') },
  { kind: 'WebAssembly module', bytes: [0x00, 0x61, 0x73, 0x6d] },
];

/** "MZ" also starts ordinary words; a real PE file has "PE\0\0" where its header offset points, or the DOS stub. */
function isPortableExecutable(buf: Buffer): boolean {
  if (buf.length >= 0x40) {
    const offset = buf.readUInt32LE(0x3c);
    if (offset + 4 <= buf.length && buf.readUInt32BE(offset) === 0x50450000) return true;
  }
  return buf.subarray(0, 1024).includes('This program cannot be run in DOS mode');
}

/** A finding when the file must be refused, otherwise null. */
export function scanContent(content: Buffer): ScanFinding | null {
  const body = content.length >= 3 && content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf ? content.subarray(3) : content;
  for (const sig of SIGNATURES) {
    if (body.length < sig.bytes.length) continue;
    if (sig.bytes.every((b, i) => body[i] === b) && (!sig.also || sig.also(body))) return { kind: sig.kind };
  }
  if (content.includes(EICAR)) return { kind: 'EICAR antivirus test file' };
  return null;
}
