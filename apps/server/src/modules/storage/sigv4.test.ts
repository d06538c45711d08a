import { describe, expect, it } from "vitest";
import { canonicalRequest, EMPTY_SHA256, signature, signRequest, uriEncode } from "./sigv4.ts";

// The worked example of AWS's documentation ("Example: GET Object", header-based auth).
const creds = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  region: "us-east-1",
};

describe("SigV4", () => {
  it("reproduces AWS's published GET Object signature", () => {
    const headers = {
      host: "examplebucket.s3.amazonaws.com",
      range: "bytes=0-9",
      "x-amz-content-sha256": EMPTY_SHA256,
      "x-amz-date": "20130524T000000Z",
    };
    const canonical = canonicalRequest({
      method: "GET",
      encodedPath: "/test.txt",
      query: [],
      headers,
      signedHeaders: Object.keys(headers),
      payloadHash: EMPTY_SHA256,
    });
    const { signature: sig, scope } = signature(creds, "20130524T000000Z", canonical);
    expect(scope).toBe("20130524/us-east-1/s3/aws4_request");
    expect(sig).toBe("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
  });

  it("signs through signRequest the same way", () => {
    const headers = signRequest(
      creds,
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
        headers: { range: "bytes=0-9" },
        payloadHash: EMPTY_SHA256,
      },
      Date.UTC(2013, 4, 24),
    );
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("encodes as RFC 3986 wants", () => {
    expect(uriEncode("a b/c*d~e", true)).toBe("a%20b/c%2Ad~e");
    expect(uriEncode("a/b", false)).toBe("a%2Fb");
    expect(uriEncode("é", false)).toBe("%C3%A9");
  });
});
