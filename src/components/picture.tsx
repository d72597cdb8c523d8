import React from "react";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import * as styles from "./picture.module.css";

export interface PictureProps {
  image: IGatsbyImageData;
  alt: string;
  className?: string;
  loading?: "lazy" | "eager";
}

/**
 * Renders image data from gatsby-plugin-image (AVIF, WebP and a fallback at every width, with a blurred placeholder)
 * as plain, valid <picture> markup. Unlike <GatsbyImage>, it needs no script in the browser, so pages with images do
 * not download react-dom/server (which GatsbyImage's hydration pulls in, ~21 KB gzipped). The width and height
 * attributes reserve the space, so nothing shifts when the image arrives.
 */
export function Picture({ image, alt, className, loading = "lazy" }: PictureProps) {
  const { images, width, height, placeholder } = image;
  const fallback = images.fallback;
  return (
    <span
      className={`${styles.frame} ${className ?? ""}`}
      style={placeholder?.fallback ? { backgroundImage: `url("${placeholder.fallback}")` } : undefined}
    >
      <picture>
        {images.sources?.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
        ))}
        <img
          className={styles.img}
          src={fallback?.src}
          srcSet={fallback?.srcSet}
          sizes={fallback?.sizes}
          width={width}
          height={height}
          alt={alt}
          loading={loading}
          decoding="async"
        />
      </picture>
    </span>
  );
}
