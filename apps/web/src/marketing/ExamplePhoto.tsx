import type { ExampleImage } from "./examples.ts";
import { srcSet } from "./examples.ts";

/** One example photo, responsive (400/800 px WebP), lazy unless it is above the fold. */
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
      fetchPriority={eager ? "high" : "auto"}
      className={`h-auto w-full object-cover ${className}`}
    />
  );
}
