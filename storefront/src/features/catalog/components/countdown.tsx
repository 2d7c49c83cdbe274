import { useEffect, useState } from 'react';

/** Milliseconds until the next local midnight: the deals of the day end then. */
export function msUntilMidnight(now = new Date()): number {
  const end = new Date(now);
  end.setHours(24, 0, 0, 0);
  return end.getTime() - now.getTime();
}

export function splitDuration(ms: number) {
  const s = Math.max(0, Math.floor(ms / 1000));
  return { hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A live countdown to the end of the day, ticking every second. It starts after mount: the server renders
 * the page at another moment and in another time zone than the shopper's, so the first render shows dashes.
 */
export function Countdown() {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    setLeft(msUntilMidnight());
    const t = setInterval(() => setLeft(msUntilMidnight()), 1000);
    return () => clearInterval(t);
  }, []);
  const { hours, minutes, seconds } = splitDuration(left ?? 0);
  return (
    <div
      className="countdown"
      role="timer"
      aria-label={left === null ? 'Ends at midnight' : `Ends in ${hours} hours ${minutes} minutes`}
    >
      {[
        [hours, 'Hours'],
        [minutes, 'Mins'],
        [seconds, 'Secs'],
      ].map(([value, unit]) => (
        <span key={unit} className="countdown__cell" aria-hidden="true">
          <strong>{left === null ? '--' : two(value as number)}</strong>
          <small>{unit}</small>
        </span>
      ))}
    </div>
  );
}
