import type { ReactNode } from 'react'
import { Route, Routes } from 'react-router'

/** A page's own routes: its index (a list) and its further pages by path (an item, a new one). */
export function PageRoutes({ index, pages }: { index: ReactNode; pages: Record<string, ReactNode> }) {
  return (
    <Routes>
      <Route index element={index} />
      {Object.entries(pages).map(([path, element]) => (
        <Route key={path} path={path} element={element} />
      ))}
    </Routes>
  )
}
