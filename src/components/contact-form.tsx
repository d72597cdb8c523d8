import React from "react";
import * as page from "./page.module.css";
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
      <div className={styles.field}>
        <label htmlFor="contact-name" className={styles.label}>
          {fields.name.label}
          <span className={styles.required} aria-hidden="true">
            {" "}
            *
          </span>
        </label>
        <input
          id="contact-name"
          className={styles.input}
          type="text"
          name="name"
          autoComplete="name"
          placeholder={fields.name.placeholder}
          required
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="contact-email" className={styles.label}>
          {fields.email.label}
          <span className={styles.required} aria-hidden="true">
            {" "}
            *
          </span>
        </label>
        <input
          id="contact-email"
          className={styles.input}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={fields.email.placeholder}
          required
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="contact-phone" className={styles.label}>
          {fields.phone.label}
        </label>
        <input
          id="contact-phone"
          className={styles.input}
          type="tel"
          name="phone"
          autoComplete="tel"
          placeholder={fields.phone.placeholder}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="contact-message" className={styles.label}>
          {fields.message.label}
          <span className={styles.required} aria-hidden="true">
            {" "}
            *
          </span>
        </label>
        <textarea
          id="contact-message"
          className={`${styles.input} ${styles.textarea}`}
          name="message"
          rows={6}
          placeholder={fields.message.placeholder}
          required
        />
      </div>
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
