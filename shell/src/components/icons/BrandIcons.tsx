import { useId, type ReactNode } from 'react';

/** The browsers and platforms Cloud POS supports (spec 1). */
export type PlatformName =
  'Chrome' | 'Firefox' | 'Safari' | 'Edge' | 'Windows' | 'macOS' | 'iOS' | 'Android';

/** Supported browsers, in the order they are shown. */
export const BROWSERS: readonly PlatformName[] = ['Chrome', 'Firefox', 'Safari', 'Edge'];
/** Supported platforms for the apps, in the order they are shown. */
export const PLATFORMS: readonly PlatformName[] = ['Windows', 'macOS', 'iOS', 'Android'];

const APPLE =
  'M31.6 25.4c0-4 3.3-5.9 3.4-6-1.9-2.7-4.8-3.1-5.8-3.1-2.5-.3-4.8 1.4-6.1 1.4-1.3 0-3.2-1.4-5.3-1.4-2.7.1-5.2 1.6-6.6 4-2.8 4.9-.7 12.1 2 16 1.3 1.9 2.9 4.1 5 4 2-.1 2.8-1.3 5.2-1.3s3.1 1.3 5.2 1.3c2.2 0 3.5-2 4.8-3.9 1.5-2.2 2.1-4.3 2.2-4.4-.1 0-4-1.6-4-6.6ZM27.7 13.6c1.1-1.3 1.8-3.2 1.6-5-1.6.1-3.5 1-4.6 2.3-1 1.2-1.9 3-1.7 4.8 1.8.1 3.6-.9 4.7-2.1Z';

const DRAWINGS: Record<PlatformName, (id: string) => ReactNode> = {
  Chrome: () => (
    <>
      <path d="M24 24 4.95 13A22 22 0 0 1 43.05 13Z" fill="#DB4437" />
      <path d="M24 24 43.05 13A22 22 0 0 1 24 46Z" fill="#F4B400" />
      <path d="M24 24 24 46A22 22 0 0 1 4.95 13Z" fill="#0F9D58" />
      <circle cx="24" cy="24" r="10" fill="#fff" />
      <circle cx="24" cy="24" r="7.5" fill="#4285F4" />
    </>
  ),
  Firefox: (id) => (
    <>
      <defs>
        <linearGradient id={`${id}-outer`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#FFBD4F" />
          <stop offset="0.5" stopColor="#FF6B2B" />
          <stop offset="1" stopColor="#E31587" />
        </linearGradient>
      </defs>
      <circle cx="24" cy="25" r="20" fill={`url(#${id}-outer)`} />
      <circle cx="25" cy="27" r="12" fill="#5B2BA5" />
      <path
        d="M8 18c3-9 14-13 22-9-5 0-9 3-9 7 6-1 11 3 11 9 0 7-7 12-15 10 9 1 14-5 12-10-3 5-11 5-14 0-2 4-6 3-7-7Z"
        fill="#FF9A3C"
      />
    </>
  ),
  Safari: (id) => (
    <>
      <defs>
        <linearGradient id={`${id}-face`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2ACBFF" />
          <stop offset="1" stopColor="#1A6FE8" />
        </linearGradient>
      </defs>
      <circle cx="24" cy="24" r="21" fill={`url(#${id}-face)`} />
      <circle
        cx="24"
        cy="24"
        r="17.5"
        fill="none"
        stroke="#fff"
        strokeWidth="1.2"
        strokeDasharray="1 3.6"
      />
      <path d="m35 13-9.2 12.8L22.2 22.2Z" fill="#FF3B30" />
      <path d="m13 35 9.2-12.8 3.6 3.6Z" fill="#fff" />
    </>
  ),
  Edge: (id) => (
    <>
      <defs>
        <linearGradient id={`${id}-wave`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#35C1F1" />
          <stop offset="0.6" stopColor="#1B8FD8" />
          <stop offset="1" stopColor="#0C59A4" />
        </linearGradient>
        <linearGradient id={`${id}-leaf`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#54E07B" />
          <stop offset="1" stopColor="#1EA6A6" />
        </linearGradient>
      </defs>
      <path
        d="M42 31c-3 7-10 12-18 12C13 43 4 34 4 23 4 12 13 4 24 4c10 0 18 7 18 15 0 5-4 8-9 8h-9c0 4 4 7 9 7 4 0 7-1 9-3Z"
        fill={`url(#${id}-wave)`}
      />
      <path
        d="M24 43c-8 0-14-6-14-13 0-6 5-11 11-11 5 0 8 3 8 6h-5c-3 0-5 3-5 6 0 6 3 10 5 12Z"
        fill={`url(#${id}-leaf)`}
      />
    </>
  ),
  Windows: () => (
    <>
      <path d="M6 9.5 21 7.4V23H6Z" fill="#0078D4" />
      <path d="M23 7.1 42 4.5V23H23Z" fill="#0078D4" />
      <path d="M6 25h15v15.6L6 38.5Z" fill="#0078D4" />
      <path d="M23 25h19v18.5l-19-2.6Z" fill="#0078D4" />
    </>
  ),
  macOS: () => <path d={APPLE} fill="#1D1D1F" />,
  iOS: () => (
    <>
      <rect x="13" y="3" width="22" height="42" rx="5" fill="#1D1D1F" />
      <rect x="15.5" y="7" width="17" height="34" rx="2.5" fill="#F5F7FB" />
      <path
        d="M26.4 24.9c0-1.6 1.3-2.4 1.4-2.4-.8-1.1-2-1.3-2.4-1.3-1-.1-2 .6-2.5.6s-1.3-.6-2.2-.6a3.2 3.2 0 0 0-2.7 1.7c-1.2 2-.3 5 .8 6.6.5.8 1.2 1.7 2 1.6.8 0 1.1-.5 2.1-.5s1.3.5 2.1.5c.9 0 1.5-.8 2-1.6.6-.9.9-1.8.9-1.8s-1.6-.7-1.5-2.8Zm-1.6-4.8c.4-.5.7-1.3.6-2-.7 0-1.4.4-1.9.9-.4.5-.8 1.2-.7 2 .8 0 1.5-.4 2-.9Z"
        fill="#1D1D1F"
      />
    </>
  ),
  Android: () => (
    <>
      <path d="M6 33a18 18 0 0 1 36 0Z" fill="#3DDC84" />
      <path d="m13 17-4-7m26 7 4-7" stroke="#3DDC84" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="17" cy="26" r="2.2" fill="#fff" />
      <circle cx="31" cy="26" r="2.2" fill="#fff" />
    </>
  ),
};

export interface PlatformIconProps {
  name: PlatformName;
  size?: number;
  /** Decorative icons sit beside their name in text; labelled ones are the only cue. */
  decorative?: boolean;
  className?: string;
}

/** A browser or platform logo as inline SVG, named for screen readers unless decorative. */
export function PlatformIcon({
  name,
  size = 32,
  decorative = false,
  className,
}: PlatformIconProps) {
  const id = `shell-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 48 48"
      focusable="false"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
    >
      {!decorative && <title>{name}</title>}
      {DRAWINGS[name](id)}
    </svg>
  );
}
