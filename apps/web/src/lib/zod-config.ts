import { z } from 'zod'

/**
 * Imported first by every entry: zod's fast path compiles parsers with `new Function`, which the
 * page policy (`script-src 'self'`, no 'unsafe-eval') forbids — and even zod's probe for it is
 * reported as a content-security-policy violation. Jitless, zod parses the same way without eval.
 */
z.config({ jitless: true })
