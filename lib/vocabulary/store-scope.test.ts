import { describe, expect, it } from "vitest";
import {
  defaultStoreOf,
  merchantWideScope,
  narrowStoreScope,
  singleStoreOf,
  storeScopeAllows,
  storeScopeOfGrants,
} from "@/lib/vocabulary/store-scope";
import { FIRST_STORE_ID } from "@/lib/vocabulary/stores";

const storeA = "00000000-0000-4000-8000-00000000000a";
const storeB = "00000000-0000-4000-8000-00000000000b";

describe("store scopes", () => {
  it("reads no grant as all stores and grants as exactly those stores", () => {
    expect(storeScopeOfGrants(null)).toMatchObject({ all: true });
    expect(storeScopeOfGrants([storeB, storeA, storeB])).toMatchObject({ all: false, storeIds: [storeA, storeB] });
    expect(storeScopeAllows(storeScopeOfGrants([storeB]), storeA)).toBe(false);
    expect(storeScopeAllows(storeScopeOfGrants([]), storeA)).toBe(false);
  });

  it("narrows to a chosen store the grants allow, and ignores any other choice", () => {
    const both = storeScopeOfGrants([storeA, storeB]);
    expect(narrowStoreScope(both, storeB)).toMatchObject({ all: false, storeIds: [storeB] });
    expect(narrowStoreScope(merchantWideScope(), storeA)).toMatchObject({ all: false, storeIds: [storeA] });
    const onlyB = storeScopeOfGrants([storeB]);
    expect(narrowStoreScope(onlyB, storeA)).toBe(onlyB);
    expect(narrowStoreScope(both, null)).toBe(both);
    expect(singleStoreOf(both)).toBeNull();
    expect(singleStoreOf(onlyB)).toBe(storeB);
  });

  it("acts for the first store when allowed, else the one store, else asks", () => {
    expect(defaultStoreOf(merchantWideScope())).toBe(FIRST_STORE_ID);
    expect(defaultStoreOf(storeScopeOfGrants([storeB]))).toBe(storeB);
    expect(defaultStoreOf(storeScopeOfGrants([storeA, storeB]))).toBeNull();
  });
});
