import React from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ContactForm, HONEYPOT_FIELD } from "../../src/components/contact-form";
import fixtures from "../helpers/fixtures.json";

const form = fixtures.contactForm;

function renderForm() {
  render(<ContactForm form={form} />);
  const element = screen.getByRole("button", { name: "Send Message" }).closest("form");
  if (!element) throw new Error("the submit button is not inside a form");
  return element;
}

describe("contact form", () => {
  test("posts natively, urlencoded, to the endpoint it is given", () => {
    const element = renderForm();
    expect(element.getAttribute("method")).toBe("post");
    expect(element.method).toBe("post");
    expect(element.getAttribute("action")).toBe(form.endpoint);
    expect(element.enctype).toBe("application/x-www-form-urlencoded");
  });

  test.each([
    // label, field name, tag, type, autocomplete, required, spec placeholder
    ["Name", "name", "INPUT", "text", "name", true, "Please enter name..."],
    ["Email", "email", "INPUT", "email", "email", true, "Please enter email..."],
    ["Phone", "phone", "INPUT", "tel", "tel", false, "Please enter phone number..."],
    ["Message", "message", "TEXTAREA", null, null, true, "Please enter message..."],
  ])(
    "%s: field %s, <%s type=%s autocomplete=%s>, required=%s, placeholder %j",
    (label, name, tag, type, autocomplete, required, placeholder) => {
      renderForm();
      // Found by its visible label (which may carry a decorative "*"), and named by exactly that label.
      const field = screen.getByLabelText(new RegExp(`^${label}\\b`));
      expect(screen.getByRole("textbox", { name: label })).toBe(field);
      expect(field.tagName).toBe(tag);
      expect(field).toHaveAttribute("name", name);
      if (type) expect(field).toHaveAttribute("type", type);
      if (autocomplete) expect(field).toHaveAttribute("autocomplete", autocomplete);
      if (required) expect(field).toBeRequired();
      else expect(field).not.toBeRequired();
      expect(field).toHaveAttribute("placeholder", placeholder);
    },
  );

  test("the submit button reads 'Send Message' and submits", () => {
    renderForm();
    const buttons = screen.getAllByRole("button");
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toHaveTextContent("Send Message");
    expect(buttons[0]).toHaveAttribute("type", "submit");
  });

  test("posts exactly name, email, phone, message and the honeypot", () => {
    const element = renderForm();
    expect(Array.from(new FormData(element).keys())).toEqual(["name", "email", "phone", "message", HONEYPOT_FIELD]);
  });

  test("the honeypot (_gotcha) is hidden from people and assistive technology, and out of the Tab order", () => {
    const element = renderForm();
    expect(HONEYPOT_FIELD).toBe("_gotcha");
    const honeypot = element.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`);
    expect(honeypot).not.toBeNull();
    expect(honeypot?.closest("[hidden]")).not.toBeNull();
    expect(honeypot).not.toBeVisible();
    expect(honeypot?.tabIndex).toBe(-1);
    expect(honeypot).toHaveAttribute("autocomplete", "off");
    expect(honeypot).toHaveValue("");
    // The accessibility tree has the four real text fields only; the honeypot is there only when hidden ones count.
    const textboxes = screen.getAllByRole("textbox");
    expect(textboxes.map((box) => box.getAttribute("name"))).toEqual(["name", "email", "phone", "message"]);
    expect(textboxes).not.toContain(honeypot);
    expect(screen.getAllByRole("textbox", { hidden: true })).toContain(honeypot);
  });

  test("the notes about required fields and privacy are shown", () => {
    renderForm();
    expect(screen.getByText(form.requiredNote)).toBeInTheDocument();
    expect(screen.getByText(form.privacyNote)).toBeInTheDocument();
  });

  describe("browser validation (SPEC §5)", () => {
    test("empty, the form is invalid: name, email and message are missing; phone is fine", () => {
      const element = renderForm();
      expect(element.checkValidity()).toBe(false);
      const missing = ["name", "email", "phone", "message"].filter(
        (name) => (element.elements.namedItem(name) as HTMLInputElement).validity.valueMissing,
      );
      expect(missing).toEqual(["name", "email", "message"]);
    });

    test("name, a valid email and a message are enough (phone is optional)", async () => {
      const user = userEvent.setup();
      const element = renderForm();
      await user.type(screen.getByRole("textbox", { name: "Name" }), "Ada Lovelace");
      await user.type(screen.getByRole("textbox", { name: "Email" }), "ada@example.com");
      await user.type(screen.getByRole("textbox", { name: "Message" }), "We need a valuation.");
      expect(element.checkValidity()).toBe(true);
    });

    test("an email without an @ is refused", async () => {
      const user = userEvent.setup();
      const element = renderForm();
      await user.type(screen.getByRole("textbox", { name: "Name" }), "Ada Lovelace");
      await user.type(screen.getByRole("textbox", { name: "Email" }), "not-an-email");
      await user.type(screen.getByRole("textbox", { name: "Message" }), "Hello");
      expect((screen.getByRole("textbox", { name: "Email" }) as HTMLInputElement).validity.typeMismatch).toBe(true);
      expect(element.checkValidity()).toBe(false);
    });
  });
});
