'use client';
// A clock for ages ("5m"): one re-render every `ms`, not one per row.
import { useEffect, useState } from 'react';

export function useNow(ms = 5_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
