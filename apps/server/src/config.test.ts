import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.js'

describe('loadConfig', () => {
  it('defaults to the embedded mode', () => {
    const config = loadConfig({})
    expect(config.PORT).toBe(3000)
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.REDIS_URL).toBeUndefined()
    expect(config.SERVICES).toEqual(['api', 'worker', 'ingest', 'analytics'])
    expect(config.sqliteFile).toMatch(/data[/\\]fieldhouse\.sqlite$/)
    expect(config.SEED_DEMO).toBe(true)
  })

  it('reads roles and URLs', () => {
    const config = loadConfig({
      SERVICES: 'api, worker',
      DATABASE_URL: 'postgres://u@h/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PORT: '8080',
    })
    expect(config.SERVICES).toEqual(['api', 'worker'])
    expect(config.DATABASE_URL).toBe('postgres://u@h/db')
    expect(config.PORT).toBe(8080)
  })

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined()
  })

  it('keeps the scrypt cost at 2^17 outside tests', () => {
    expect(loadConfig({}).SCRYPT_LOG_N).toBe(17)
    expect(() => loadConfig({ SCRYPT_LOG_N: '12' })).toThrow(/only for tests/)
    expect(loadConfig({ SCRYPT_LOG_N: '12', NODE_ENV: 'test' }).SCRYPT_LOG_N).toBe(12)
  })

  it('reads the DNS servers domain checks ask, and names a bad one', () => {
    expect(loadConfig({}).DOMAIN_DNS_SERVERS).toEqual([])
    expect(loadConfig({ DOMAIN_DNS_SERVERS: '127.0.0.1:5353, 9.9.9.9,[::1]:53' }).DOMAIN_DNS_SERVERS).toEqual([
      '127.0.0.1:5353',
      '9.9.9.9',
      '[::1]:53',
    ])
    expect(() => loadConfig({ DOMAIN_DNS_SERVERS: 'dns.example.com' })).toThrow(/DOMAIN_DNS_SERVERS.*dns\.example\.com/)
  })

  it('points mail links at PUBLIC_URL, or at localhost and the port', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080')
    expect(loadConfig({ PUBLIC_URL: 'https://tv.example.com' }).publicUrl).toBe('https://tv.example.com')
    expect(() => loadConfig({ PUBLIC_URL: 'https://tv.example.com/x' })).toThrow(/PUBLIC_URL/)
  })

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SERVICES: 'api,mail' })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      const text = (error as ConfigError).message
      expect(text).toContain('PORT')
      expect(text).toContain('DATABASE_URL must be a postgres:// URL')
      expect(text).toContain('unknown role "mail"')
    }
  })

  it('takes Stripe only with the secret that verifies its webhooks', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      'STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY',
    )
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).STRIPE_SECRET_KEY).toBe(
      'sk_test_x',
    )
  })
})
