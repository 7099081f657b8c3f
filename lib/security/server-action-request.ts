// Screens server-action requests in proxy.ts before Next decodes them: an oversized body gets 413
// and a body React's decodeReply would choke on gets 400, where Next answers 500 (or a 200 holding
// an error). The dashboard's own forms only ever send what this accepts: an array of plain JSON
// values (strings starting with "$" escaped as "$$"), or multipart FormData whose root field "0"
// is such an array, referring to its other fields (files, FormData, promises, Maps, Sets).

/** Largest server-action body: room for a bulk CSV upload (#12), far below a 5 MiB flood. Same as next.config.mjs. */
export const serverActionBodyLimitBytes = 2 * 1024 * 1024;
const maxDepth = 64;

export type ActionRequestRefusal = { status: 400 | 413; message: string };

const malformed = (why: string): ActionRequestRefusal => ({ status: 400, message: `Malformed server action request: ${why}.` });

/** Plain values encodeReply writes inline. */
const inlineSpecial = /^\$(\$|undefined$|-0$|NaN$|Infinity$|-Infinity$|n-?\d+$)/;
/** References to another multipart field by hex id: promise, FormData, Blob, Map, Set. */
const fieldReference = /^\$([@KBQW])([0-9a-f]+)$/;

type Fields = { has(name: string): boolean; keys(): Iterable<string>; get(name: string): FormDataEntryValue | null };

export async function checkServerActionRequest(request: Request): Promise<ActionRequestRefusal | undefined> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > serverActionBodyLimitBytes) return tooLarge();
  const actionId = request.headers.get("next-action") ?? "";
  // Next's ids are hex digests; anything else cannot name an action.
  if (!/^[0-9a-f]{2,64}$/i.test(actionId)) return malformed("the action id is not one this server issues");

  const contentType = request.headers.get("content-type") ?? "";
  const body = new Uint8Array(await request.clone().arrayBuffer());
  if (body.byteLength > serverActionBodyLimitBytes) return tooLarge();

  if (/^multipart\/form-data/i.test(contentType)) {
    let form: FormData;
    try {
      form = await request.clone().formData();
    } catch {
      return malformed("the multipart body cannot be read");
    }
    const root = form.get("0");
    if (typeof root !== "string") return malformed('the multipart body has no field "0"');
    return checkJsonField(root, form, new Set(["0"]), true);
  }
  // URL-encoded posts are not fetch actions; Next answers them itself (404).
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) return undefined;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return malformed("the body is not UTF-8 text");
  }
  return checkJsonField(text, undefined, new Set(), true);
}

/**
 * A multipart POST without a Next-Action header: Next takes it for a no-JavaScript form action and
 * parses the body itself, answering 500 when it cannot (no boundary, a broken body). Screened here
 * the same way: bounded, and a body that does not read as FormData gets 400.
 */
export async function checkFormPostRequest(request: Request): Promise<ActionRequestRefusal | undefined> {
  if (!/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) return undefined;
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > serverActionBodyLimitBytes) return tooLarge();
  const body = await request.clone().arrayBuffer();
  if (body.byteLength > serverActionBodyLimitBytes) return tooLarge();
  try {
    await request.clone().formData();
    return undefined;
  } catch {
    return malformed("the multipart body cannot be read");
  }
}

function tooLarge(): ActionRequestRefusal {
  return { status: 413, message: `The request body is larger than ${serverActionBodyLimitBytes} bytes.` };
}

function checkJsonField(
  text: string,
  fields: Fields | undefined,
  visited: Set<string>,
  isArgumentList = false,
): ActionRequestRefusal | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return malformed("the arguments are not JSON");
  }
  if (isArgumentList && !Array.isArray(value)) return malformed("the arguments are not a list");
  return checkValue(value, 0, fields, visited);
}

function checkValue(value: unknown, depth: number, fields: Fields | undefined, visited: Set<string>): ActionRequestRefusal | undefined {
  if (depth > maxDepth) return malformed("the arguments are nested too deeply");
  if (typeof value === "string") return value.startsWith("$") ? checkSpecialString(value, fields, visited) : undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const refusal = checkValue(item, depth + 1, fields, visited);
      if (refusal) return refusal;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const item of Object.values(value)) {
      const refusal = checkValue(item, depth + 1, fields, visited);
      if (refusal) return refusal;
    }
  }
  return undefined;
}

function checkSpecialString(value: string, fields: Fields | undefined, visited: Set<string>): ActionRequestRefusal | undefined {
  if (inlineSpecial.test(value)) return undefined;
  if (value.startsWith("$D")) return Number.isNaN(Date.parse(value.slice(2))) ? malformed("a date argument is not a date") : undefined;
  const reference = fieldReference.exec(value);
  if (!reference || !fields) return malformed("an argument refers to something the request does not carry");
  const [, kind, hexId] = reference;
  const name = String(Number.parseInt(hexId!, 16));
  // FormData arguments are fields named "<id>_…" (an empty FormData has none): plain user data.
  if (kind === "K") return undefined;
  if (!fields.has(name)) return malformed("an argument refers to a missing part");
  if (kind === "B") return undefined;
  const referenced = fields.get(name);
  if (typeof referenced !== "string") return malformed("an argument refers to a part that is not JSON");
  if (visited.has(name)) return undefined;
  visited.add(name);
  return checkJsonField(referenced, fields, visited);
}
