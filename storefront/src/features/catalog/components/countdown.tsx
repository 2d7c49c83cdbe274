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

/** A live countdown to the end of the day, ticking every second. */
export function Countdown() {
  const [left, setLeft] = useState(() => msUntilMidnight());
  useEffect(() => {
    const t = setInterval(() => setLeft(msUntilMidnight()), 1000);
    return () => clearInterval(t);
  }, []);
  const { hours, minutes, seconds } = splitDuration(left);
  return (
    <div className="countdown" role="timer" aria-label={`Ends in ${hours} hours ${minutes} minutes`}>
      {[
        [hours, 'Hours'],
        [minutes, 'Mins'],
        [seconds, 'Secs'],
      ].map(([value, unit]) => (
        <span key={unit} className="countdown__cell" aria-hidden="true">
          <strong>{two(value as number)}</strong>
          <small>{unit}</small>
        </span>
      ))}
    </div>
  );
}
