// The network an address belongs to, for limits that a caller with many addresses must not dodge:
// an IPv4 address's /24, an IPv6 address's /64 (what one subscriber usually gets, so a single
// machine can hold billions of addresses inside it). Anything else (a name, "unknown") is its own key.
import { isIPv4, isIPv6 } from "node:net";

/** "203.0.113.7" → "203.0.113.0/24"; "2001:db8:1:2:3::4" → "2001:db8:1:2::/64"; an IPv4-mapped IPv6 address counts as IPv4. */
export function addressPrefix(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const v4 = mapped ? mapped[1]! : address;
  if (isIPv4(v4)) return `${v4.split(".").slice(0, 3).join(".")}.0/24`;
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros (a zone id is dropped). */
function expandIPv6(address: string): string[] {
  const [withoutZone] = address.toLowerCase().split("%");
  let [head = "", tail] = withoutZone!.split("::") as [string, string | undefined];
  // A trailing dotted IPv4 part (::ffff:1.2.3.4 handled above; 64:ff9b::1.2.3.4 here) is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/;
  const toGroups = (part: string) => {
    const match = dotted.exec(part);
    if (!match) return part;
    const [a, b, c, d] = match.slice(1).map(Number) as [number, number, number, number];
    return part.replace(dotted, `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`);
  };
  head = toGroups(head);
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail === undefined ? [] : tail ? toGroups(tail).split(":") : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups].map((group) => Number.parseInt(group, 16).toString(16));
}
