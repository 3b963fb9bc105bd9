export function App() {
  return <h1 data-testid="app-title">Banyan</h1>;
}
