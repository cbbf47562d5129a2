// The benchmarks' browser scripts sign in as the demo teacher of Greenfield, through the real API.
export async function signInTeacher(): Promise<{ access: string; refresh: string; user: { id: number } }> {
  const res = await fetch('/api/auth/token/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'teacher@greenfield.example', password: 'Teach-demo-1' }),
  });
  if (!res.ok) throw new Error(`the demo teacher could not sign in: ${res.status}`);
  return res.json() as Promise<{ access: string; refresh: string; user: { id: number } }>;
}
