import { describe, expect, it } from "vitest";
import { meanInterval, perBoard, t975 } from "../src/stats";

describe("the match's interval", () => {
  it("t quantiles match the tables (df 3, 10, 30, 199)", () => {
    expect(t975(3)).toBeCloseTo(3.182, 2);
    expect(t975(10)).toBeCloseTo(2.228, 3);
    expect(t975(30)).toBeCloseTo(2.042, 3);
    expect(t975(199)).toBeCloseTo(1.972, 3);
  });
  it("mean, sd and half-width of a small sample", () => {
    const i = meanInterval([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(i.mean).toBe(5);
    expect(i.sd).toBeCloseTo(2.138, 3);
    expect(i.half).toBeCloseTo((2.365 * 2.138) / Math.sqrt(8), 2);
  });
  it("a board is our side's net at both tables, averaged", () => {
    expect(perBoard([{ board: 1, oursNs: 300, oursEw: -100 }])).toEqual([100]);
  });
});
