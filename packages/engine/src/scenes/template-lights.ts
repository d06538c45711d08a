// Base key lights the template catalogues start from; each template overrides what differs.

/** Daylight from the upper left, for lifestyle and seasonal sets. */
export const daylight = {
  azimuth: -45,
  elevation: 40,
  softness: 0.45,
  kelvin: 5200,
  intensity: 1.1,
  ambient: 0.4,
  gobo: "none",
  glow: 0.25,
} as const;
