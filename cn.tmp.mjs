const mb = (n) => Math.round(n / 1048576);
const show = (l) => { globalThis.gc?.(); const m = process.memoryUsage(); console.log(l, JSON.stringify({ rss: mb(m.rss), heap: mb(m.heapUsed), heapTotal: mb(m.heapTotal) })); };
show('start');
const t=Date.now();
await import('@kubernetes/client-node');
show('client-node '+(Date.now()-t));
