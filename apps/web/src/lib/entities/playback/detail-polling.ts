/**
 * What a watch page's detail query (an event's, a video's) adds to its options: it is asked only with
 * an id, and asked again, while the page waits for the start or an encode, as `refetchInterval` says.
 */
export function detailPolling<T>(id: number | null, refetchInterval?: (data: T) => number | false) {
  return {
    enabled: id !== null,
    refetchInterval: refetchInterval
      ? (query: { state: { data: T | undefined } }) => (query.state.data ? refetchInterval(query.state.data) : false)
      : undefined,
  }
}
