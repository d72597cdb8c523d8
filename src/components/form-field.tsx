import React from "react";
import * as styles from "./contact-form.module.css";

export interface FormFieldProps {
  /** The field's name in the posted form; its id is `contact-<name>`. */
  name: string;
  label: string;
  placeholder: string;
  /** An input type, or "textarea" for multi-line text. */
  type: "text" | "email" | "tel" | "textarea";
  autoComplete?: string;
  required?: boolean;
}

/** One labelled form field; a required one shows a "*" that assistive technology skips (it reads "required"). */
export function FormField({ name, label, placeholder, type, autoComplete, required = false }: FormFieldProps) {
  const id = `contact-${name}`;
  const common = { id, name, placeholder, required, autoComplete };
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {type === "textarea" ? (
        <textarea className={`${styles.input} ${styles.textarea}`} rows={6} {...common} />
      ) : (
        <input className={styles.input} type={type} {...common} />
      )}
    </div>
  );
}
