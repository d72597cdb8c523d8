import React from "react";
import * as styles from "./logo.module.css";

/** The firm's wordmark: a drawn mark and the name. */
export function Logo({ name }: { name: string }) {
  return (
    <span className={styles.logo}>
      <svg className={styles.mark} viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="8" fill="#0f2540" />
        <path d="M9 29h22" stroke="#d9bb7e" strokeWidth="2.5" strokeLinecap="round" />
        <path
          d="M11 24l6-6 5 4 8-10"
          fill="none"
          stroke="#ffffff"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="30" cy="12" r="2.4" fill="#d9bb7e" />
      </svg>
      <span className={styles.name}>{name}</span>
    </span>
  );
}
