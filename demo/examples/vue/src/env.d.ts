// The backend's address, given at build time: `VITE_PAY_API=https://pay.example.com vite build`.
interface ImportMetaEnv {
  readonly VITE_PAY_API: string;
}
