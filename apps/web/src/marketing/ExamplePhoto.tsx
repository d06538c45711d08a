import type { ExampleImage } from "./examples.ts";
import { srcSet } from "./examples.ts";

/**
 * One example photo, responsive (400/800 px WebP), lazy unless it is above the fold. Eager
 * ones keep the browser's default priority: the marketing pages' largest paint is their
 * heading text, and a "high" photo competes with the stylesheet for a phone's bandwidth.
 */
export function ExamplePhoto({
  image,
  alt,
  sizes,
  eager = false,
  className = "",
}: {
  image: ExampleImage;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      src={`${image.base}-800.webp`}
      srcSet={srcSet(image)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={`h-auto w-full object-cover ${className}`}
    />
  );
}
