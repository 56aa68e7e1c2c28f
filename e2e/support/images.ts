import { crc32, deflateSync } from 'node:zlib';

/** A PNG (RGB, 8 bits) of a gradient with a dark square, built in memory: a cover to upload. */
export function pngImage(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const inSquare = x > width / 3 && x < (2 * width) / 3 && y > height / 4 && y < (3 * height) / 4;
      const at = row + 1 + x * 3;
      rows[at] = inSquare ? 30 : Math.round((x / width) * 255);
      rows[at + 1] = inSquare ? 40 : Math.round((y / height) * 255);
      rows[at + 2] = inSquare ? 60 : 180;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
