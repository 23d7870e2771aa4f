// lib/ip.ts: an IPv6 client is its /64; IPv4 and IPv4-mapped addresses are themselves.
import { describe, expect, it } from "vitest";
import { ipClient } from "../../../worker/lib/ip";

describe("ipClient", () => {
  it("keeps IPv4 addresses as they are", () => {
    expect(ipClient("203.0.113.9")).toBe("203.0.113.9");
  });

  it("counts every spelling and every address of a /64 as the same client", () => {
    const client = "2001:db8:0:1::/64";
    for (const ip of ["2001:db8:0:1::1", "2001:0db8:0000:0001:ffff:ffff:ffff:ffff", "2001:DB8::1:0:0:0:9", "2001:db8:0:1:a:b:c:d"]) expect(ipClient(ip)).toBe(client);
    expect(ipClient("2001:db8:0:2::1")).toBe("2001:db8:0:2::/64");
    expect(ipClient("::1")).toBe("0:0:0:0::/64");
    expect(ipClient("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("reads an IPv4-mapped address as its IPv4 address", () => {
    expect(ipClient("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(ipClient("::ffff:cb00:7109")).toBe("203.0.113.9");
  });

  it("returns what is not an address unchanged", () => {
    for (const ip of ["unknown", "1::2::3", "2001:db8::zz", "1:2:3:4:5:6:7:8:9", "::ffff:300.1.1.1"]) expect(ipClient(ip)).toBe(ip);
  });
});
