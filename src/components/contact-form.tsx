import React from "react";
import * as page from "./page.module.css";
import { FormField } from "./form-field";
import * as styles from "./contact-form.module.css";

export interface ContactFormProps {
  form: NonNullable<Queries.ContactPageQuery["contactYaml"]>["form"];
}

/** The honeypot's name, as form services (Formspree and others) expect it. Real visitors never see or fill it. */
export const HONEYPOT_FIELD = "_gotcha";

/**
 * The contact form: a plain HTML form that the browser validates and posts (urlencoded) straight to the form
 * service. No script handles it, so it works the same with JavaScript off and never drops a field.
 */
export function ContactForm({ form }: ContactFormProps) {
  const { fields } = form;
  return (
    <form
      className={styles.form}
      method="post"
      action={form.endpoint}
      encType="application/x-www-form-urlencoded"
      acceptCharset="UTF-8"
    >
      <p className={styles.note}>{form.requiredNote}</p>
      <FormField type="text" name="name" autoComplete="name" required {...fields.name} />
      <FormField type="email" name="email" autoComplete="email" required {...fields.email} />
      <FormField type="tel" name="phone" autoComplete="tel" {...fields.phone} />
      <FormField type="textarea" name="message" required {...fields.message} />
      <div hidden>
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" aria-hidden="true" />
      </div>
      <button type="submit" className={`${page.button} ${styles.submit}`}>
        {form.submit}
      </button>
      <p className={styles.privacy}>{form.privacyNote}</p>
    </form>
  );
}
