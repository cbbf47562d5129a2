// Icons of the sign-in screens (decorative: the control that holds one carries the label).
import type { ReactNode } from 'react';

const Svg = ({ children, size = 24, className }: { children: ReactNode; size?: number; className?: string }) => (
  <svg
    className={className}
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    {children}
  </svg>
);

/** Points the way back: to the left, or to the right in a right-to-left language. */
export const BackIcon = () => (
  <Svg size={20} className="flip-in-rtl">
    <path d="M15 18l-6-6 6-6" />
  </Svg>
);

export const EyeIcon = () => (
  <Svg size={22}>
    <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
);

export const EyeOffIcon = () => (
  <Svg size={22}>
    <path d="M17.9 17.9A10.1 10.1 0 0 1 12 19c-7 0-11-7-11-7a18.5 18.5 0 0 1 5.1-5.9M9.9 5.2A9.1 9.1 0 0 1 12 5c7 0 11 7 11 7a18.5 18.5 0 0 1-2.2 3.2M14.1 14.1a3 3 0 1 1-4.2-4.2M1 1l22 22" />
  </Svg>
);

export const StudentIcon = () => (
  <Svg size={40}>
    <path d="M22 10 12 5 2 10l10 5 10-5z" />
    <path d="M6 12v5c3 2 9 2 12 0v-5" />
  </Svg>
);

export const TeacherIcon = () => (
  <Svg size={40}>
    <rect x="3" y="4" width="18" height="12" rx="2" />
    <path d="M7 20h10M12 16v4" />
  </Svg>
);

export const ParentIcon = () => (
  <Svg size={40}>
    <circle cx="8" cy="7" r="3" />
    <circle cx="17" cy="9" r="2.5" />
    <path d="M2 21v-2a5 5 0 0 1 10 0v2M13 21v-1.5a4 4 0 0 1 8 0V21" />
  </Svg>
);

export const QrIcon = () => (
  <Svg size={22}>
    <rect x="3" y="3" width="7" height="7" />
    <rect x="14" y="3" width="7" height="7" />
    <rect x="3" y="14" width="7" height="7" />
    <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />
  </Svg>
);

export const PhotoIcon = () => (
  <Svg size={22}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="11" r="2" />
    <path d="m21 17-5-5-8 7" />
  </Svg>
);

export const CheckIcon = () => (
  <Svg size={48}>
    <circle cx="12" cy="12" r="10" />
    <path d="m8 12 3 3 5-6" />
  </Svg>
);
