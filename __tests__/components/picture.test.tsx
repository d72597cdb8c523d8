import React from "react";
import { render, screen } from "@testing-library/react";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { Picture } from "../../src/components/picture";

const image: IGatsbyImageData = {
  layout: "constrained",
  width: 320,
  height: 400,
  placeholder: { fallback: "data:image/jpeg;base64,AAAA" },
  images: {
    fallback: { src: "/static/a/320.jpg", srcSet: "/static/a/160.jpg 160w,/static/a/320.jpg 320w", sizes: "320px" },
    sources: [
      { type: "image/avif", srcSet: "/static/a/160.avif 160w,/static/a/320.avif 320w", sizes: "320px" },
      { type: "image/webp", srcSet: "/static/a/160.webp 160w,/static/a/320.webp 320w", sizes: "320px" },
    ],
  },
};

test("offers AVIF, then WebP, then the fallback, with its alt text and reserved size", () => {
  const { container } = render(<Picture image={image} alt="Portrait of the founder" loading="eager" />);
  const img = screen.getByRole("img", { name: "Portrait of the founder" });
  expect(img).toHaveAttribute("src", "/static/a/320.jpg");
  expect(img).toHaveAttribute("srcset", image.images.fallback?.srcSet);
  expect(img).toHaveAttribute("width", "320");
  expect(img).toHaveAttribute("height", "400");
  expect(img).toHaveAttribute("loading", "eager");
  const sources = container.querySelectorAll("picture source");
  expect([...sources].map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
  expect(sources[0]).toHaveAttribute("srcset", image.images.sources?.[0].srcSet);
});

test("shows the blurred placeholder behind the image until it loads, and is lazy by default", () => {
  const { container } = render(<Picture image={image} alt="Badge" />);
  expect((container.firstChild as HTMLElement).style.backgroundImage).toContain("data:image/jpeg;base64,AAAA");
  expect(screen.getByRole("img", { name: "Badge" })).toHaveAttribute("loading", "lazy");
});
