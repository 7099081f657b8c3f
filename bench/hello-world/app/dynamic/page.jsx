// The dynamic page: rendered on every request (reads the request's headers), like a signed-in page.
import { headers } from "next/headers";
import { Counter } from "../counter";

export default async function DynamicPage() {
  const userAgent = (await headers()).get("user-agent") ?? "unknown";
  const rows = Array.from({ length: 50 }, (_, index) => index + 1);
  return (
    <main>
      <h1>Hello, {userAgent.slice(0, 40)}</h1>
      <ul>
        {rows.map((row) => (
          <li key={row}>Row {row}</li>
        ))}
      </ul>
      <Counter />
    </main>
  );
}
