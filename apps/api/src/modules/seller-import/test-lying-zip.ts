import { deflateRawSync } from 'node:zlib';

/** Test ZIPs whose headers say what the test wants (decision 0065): a file may claim any uncompressed size. */

export type ZipFile = { name: string; deflated: Buffer; claimedSize: number };

/** A file deflated honestly: it claims its real size. */
export const honest = (name: string, content: Uint8Array): ZipFile => ({
  name,
  deflated: deflateRawSync(content),
  claimedSize: content.byteLength,
});

/** `mb` MB of zeros, deflated (100 MB in ~0.1 s, to ~450 KB), claiming `claimedSize` bytes. */
export const zeros = (name: string, mb: number, claimedSize: number): ZipFile => ({
  name,
  deflated: deflateRawSync(Buffer.alloc(mb * 1024 * 1024), { level: 1 }),
  claimedSize,
});

/** A ZIP of deflated files whose local and central headers both claim each file's `claimedSize`. */
export function zipClaiming(files: ZipFile[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(file.deflated.byteLength, 18);
    local.writeUInt32LE(file.claimedSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(file.deflated.byteLength, 20);
    central.writeUInt32LE(file.claimedSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, file.deflated);
    centrals.push(central, name);
    offset += 30 + name.length + file.deflated.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
