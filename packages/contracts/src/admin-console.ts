// What the admin console's user search and charts answer (GET /api/admin/users, /api/admin/stats).
// Plain types, no schemas: the server builds them from SQL rows, the web app only reads them.

export interface AdminUser {
  id: string;
  username: string;
  email: string;
  balance: number;
  diamond: number;
  createdAt: string;
  blocked: boolean;
}

/** One UTC day of the console's charts. */
export interface DailyPoint {
  day: string;
  signups: number;
  generations: number;
  images: number;
  coinsSpent: number;
  p50Seconds: number | null;
  p95Seconds: number | null;
}
