// The Store pane (spec §2): its sections come in the next slice of issue 13.
export function StorePane() {
  return (
    <section className="dash-pane dash-pane--placeholder" aria-labelledby="store-pane-title">
      <h1 id="store-pane-title">Store</h1>
      <p className="muted">
        Store settings come next: business info, hours, preparing times, notices, tax, delivery,
        payment and dine-in tables.
      </p>
    </section>
  );
}
