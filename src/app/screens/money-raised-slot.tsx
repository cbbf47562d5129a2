// The dashboard's 'Money I Have Raised' tab panel. The fundraising screen plugs in here.
export function MoneyRaisedSlot() {
  return (
    <section className="page" aria-labelledby="money-title">
      <h1 id="money-title">Money I Have Raised</h1>
      <p>Your fundraising totals will show here.</p>
    </section>
  );
}
