import React from "react";
import { Link } from "gatsby";
import { ROUTES } from "../lib/paths";
import * as styles from "./page.module.css";

export interface ErrorBoundaryProps {
  title: string;
  body: string;
  homeLink: string;
  children: React.ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
}

/** Catches a page that fails to render and shows a friendly screen with a way home instead of a blank page. */
export class ErrorBoundary extends React.Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error): void {
    // Keep the cause visible to developers; visitors see the screen below.
    console.error("A page failed to render:", error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={styles.narrow} role="alert">
        <h1>{this.props.title}</h1>
        <p className={styles.lead}>{this.props.body}</p>
        <p>
          <Link to={ROUTES.home} className={styles.button}>
            {this.props.homeLink}
          </Link>
        </p>
      </div>
    );
  }
}
