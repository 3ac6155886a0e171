/**
 * Rate limits of the public query route (per client IP and per visitor) and of failed
 * attempts (the console's sign-in), in memory or shared by replicas through Redis.
 */
export { limiterPasses } from './limiter-passes.js';
export { createRateLimits, type Limiter, type RateLimits } from './rate-limits.js';
export { clientKeyOf, setRateLimitClientIp, setRateLimitVisitor } from './request-keys.js';
