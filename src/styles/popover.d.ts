// The HTML popover attributes (Baseline since 2024), which @types/react 18 does not declare yet. React 18 passes these
// lowercase attributes through to the DOM as they are.
/* eslint-disable @typescript-eslint/no-unused-vars -- the type parameters must match React's declarations */
import "react";

declare module "react" {
  interface HTMLAttributes<T> {
    popover?: "auto" | "manual";
  }
  interface ButtonHTMLAttributes<T> {
    popovertarget?: string;
  }
}
