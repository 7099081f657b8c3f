import { expect, it } from "vitest";
import { addressPrefix } from "@/lib/security/address-prefix";

it("keys an IPv4 address by its /24 and an IPv6 address by its /64", () => {
  expect(addressPrefix("203.0.113.7")).toBe("203.0.113.0/24");
  expect(addressPrefix("203.0.113.250")).toBe("203.0.113.0/24");
  expect(addressPrefix("::ffff:203.0.113.7")).toBe("203.0.113.0/24");
  expect(addressPrefix("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
  expect(addressPrefix("2001:0DB8:0001:0002::abcd")).toBe("2001:db8:1:2::/64");
  expect(addressPrefix("2001:db8::1")).toBe("2001:db8:0:0::/64");
  expect(addressPrefix("::1")).toBe("0:0:0:0::/64");
  expect(addressPrefix("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  expect(addressPrefix("64:ff9b::198.51.100.1")).toBe("64:ff9b:0:0::/64");
});

it("leaves what is not an address as it is", () => {
  expect(addressPrefix("unknown")).toBe("unknown");
  expect(addressPrefix("not an address")).toBe("not an address");
});
