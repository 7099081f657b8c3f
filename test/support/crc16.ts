// CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF), as the BR Code manual specifies for
// field 63. Written out independently of pix-utils so tests can check the codes the sandbox makes.
export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}
