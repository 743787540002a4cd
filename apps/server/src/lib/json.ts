export const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return (JSON.parse(text) as T) ?? fallback
  } catch {
    return fallback
  }
}
