"use client";
// The dashboard's one link (Biome refuses next/link anywhere else): next/link, prefetching a route
// only once the person shows they may follow it (pointer over it, keyboard focus on it, a finger on
// it), the pattern of Next's prefetching guide. Next's default prefetches every link as it scrolls
// into view: the navigation alone made each page load send about 40 prefetch requests (two per
// link, 18 links), each a signed-in render on the server, for the one page the person then opens
// (measured on /: 56 requests, 43 of them prefetches). A caller's own `prefetch` (false: never) wins.
import NextLink from "next/link";
import { type ComponentProps, useState } from "react";

export function Link({ prefetch, onMouseEnter, onFocus, onTouchStart, ...props }: ComponentProps<typeof NextLink>) {
  const [intent, setIntent] = useState(false);
  return (
    <NextLink
      {...props}
      // null: Next's default prefetch for this link, from the moment of intent on.
      prefetch={prefetch !== undefined ? prefetch : intent ? null : false}
      onMouseEnter={(event) => {
        setIntent(true);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
    />
  );
}
