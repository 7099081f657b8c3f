// The OpenAPI conformance check of one answer under /api/v1, against the document the API serves:
// the path must be a documented one (else the answer must be the document's general NotFound, or
// MalformedPath for a path that does not decode), the
// method documented on it (else the general MethodNotAllowed), the status documented for the
// operation, the content type among the documented ones and the body valid against that schema
// (Ajv, JSON Schema 2020-12, which OpenAPI 3.1 schemas are), every header field it sends listed
// (but HTTP's own framing fields), every header the document marks required present, and every
// listed header's value valid against its schema. The document itself is checked as OpenAPI 3.1 by
// an independent validator (@seriousme/openapi-schema-validator). Pure: a document in, problems out.
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/** Fields of HTTP itself (framing, date, caching), not of the API: not listed in the document. */
export const undocumentedFraming = new Set([
  "content-type",
  "content-length",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "cache-control",
]);

export type Answer = { method: string; path: string; status: number; headers: Headers; bodyText: string };
export type Verdict = { problems: string[] /** "METHOD template status", or "(unknown path) 404" */; reached: string };

type Json = any;

export async function assertValidOpenApi(document: Json): Promise<void> {
  const validity = await new Validator().validate(document);
  if (!validity.valid) throw new Error(`the OpenAPI document is not valid OpenAPI 3.1: ${JSON.stringify(validity.errors)}`);
}

const pointer = (text: string) => text.replaceAll("~", "~0").replaceAll("/", "~1");

/** The documented path template a concrete path matches (`{id}` is one segment), or undefined. */
export function documentedTemplate(document: Json, pathname: string): string | undefined {
  const segments = pathname.split("/");
  return Object.keys(document.paths).find((template) => {
    const parts = template.split("/");
    return (
      parts.length === segments.length &&
      parts.every((part, index) => (/^\{[^}]+\}$/.test(part) ? segments[index] !== "" : part === segments[index]))
    );
  });
}

export function conformanceChecker(document: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, "openapi.json");

  /** Follows a $ref inside the document; answers the object and its JSON pointer. */
  function resolve(value: Json, at: string): { value: Json; at: string } {
    let current = { value, at };
    for (let depth = 0; current.value?.$ref && depth < 5; depth += 1) {
      const ref = String(current.value.$ref);
      const path = ref
        .replace(/^#\//, "")
        .split("/")
        .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"));
      current = { value: path.reduce((node: Json, key) => node?.[key], document), at: ref.replace(/^#/, "") };
    }
    return current;
  }

  function check(answer: Answer): Verdict {
    const problems: string[] = [];
    const method = answer.method.toLowerCase();
    const template = documentedTemplate(document, answer.path.split("?")[0]!);
    const label = `${answer.method} ${answer.path} ${answer.status}`;
    let response: { value: Json; at: string };
    let reached: string;
    if (!template) {
      // No such path (the general NotFound), or one the proxy refused to decode (the general MalformedPath).
      const general = answer.status === 400 ? "MalformedPath" : "NotFound";
      reached = `(unknown path) ${answer.status}`;
      if (answer.status !== 404 && answer.status !== 400)
        problems.push(`${label}: a path matching no documented operation must answer 404 (or 400 when malformed)`);
      response = resolve({ $ref: `#/components/responses/${general}` }, "");
    } else if (!document.paths[template][method]) {
      reached = `${answer.method} ${template} (undocumented method) 405`;
      if (answer.status !== 405) problems.push(`${label}: a method not documented on ${template} must answer 405`);
      response = resolve({ $ref: "#/components/responses/MethodNotAllowed" }, "");
    } else {
      reached = `${answer.method} ${template} ${answer.status}`;
      const at = `/paths/${pointer(template)}/${method}/responses/${answer.status}`;
      response = resolve(document.paths[template][method].responses[String(answer.status)], at);
      if (!response.value)
        return { problems: [`${label}: status ${answer.status} is not documented for ${answer.method} ${template}`], reached };
    }
    if (!response.value) return { problems: [...problems, `${label}: the document has no general response for it`], reached };

    // Body: its content type documented, and valid against that content's schema.
    const contentType = (answer.headers.get("content-type") ?? "").split(";")[0]!.trim();
    const documentedTypes = Object.keys(response.value.content ?? {});
    if (!contentType || answer.bodyText === "") {
      if (documentedTypes.length) problems.push(`${label}: documented with a ${documentedTypes.join(" or ")} body, answered none`);
    } else if (!documentedTypes.includes(contentType)) {
      problems.push(`${label}: answered ${contentType}, documented ${documentedTypes.join(", ") || "no body"}`);
    } else {
      let body: unknown;
      try {
        body = JSON.parse(answer.bodyText);
      } catch {
        problems.push(`${label}: the ${contentType} body is not JSON`);
      }
      const validate = ajv.getSchema(`openapi.json#${response.at}/content/${pointer(contentType)}/schema`);
      if (!validate) problems.push(`${label}: no schema at ${response.at} for ${contentType}`);
      else if (body !== undefined && !validate(body)) problems.push(`${label}: body ${ajv.errorsText(validate.errors)}`);
    }

    // Headers: each one sent is listed, each required one is sent, each value fits its schema.
    const listed = new Map<string, { value: Json; at: string }>();
    for (const [name, header] of Object.entries(response.value.headers ?? {}))
      listed.set(name.toLowerCase(), resolve(header, `${response.at}/headers/${pointer(name)}`));
    for (const [name, value] of answer.headers) {
      if (undocumentedFraming.has(name)) continue;
      const header = listed.get(name);
      if (!header) {
        problems.push(`${label}: sends the header ${name}, which the document does not list for this answer`);
        continue;
      }
      const validate = header.value.schema ? ajv.getSchema(`openapi.json#${header.at}/schema`) : undefined;
      if (validate && !validate(value))
        problems.push(`${label}: header ${name}: ${JSON.stringify(value)} ${ajv.errorsText(validate.errors)}`);
    }
    for (const [name, header] of listed)
      if (header.value.required && !answer.headers.has(name)) problems.push(`${label}: the required header ${name} is missing`);
    return { problems, reached };
  }
  return { check };
}

/** Every operation of the document, as "METHOD template". */
export function documentedOperations(document: Json): string[] {
  return Object.entries(document.paths).flatMap(([template, item]) =>
    Object.keys(item as object)
      .filter((method) => ["get", "post", "put", "patch", "delete"].includes(method))
      .map((method) => `${method.toUpperCase()} ${template}`),
  );
}
