// The static-ish page: prerendered at build time, with one client component (the smallest client
// JavaScript a Next/React page ships: the framework's own runtime).
import { Counter } from "./counter";

export default function Page() {
  return (
    <main>
      <h1>Hello, world</h1>
      <Counter />
    </main>
  );
}
