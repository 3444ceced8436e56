//! The HTTP listener of `damas serve`.
//!
//! `axum::serve` sets no limits at all: a client may take as long as it likes to send its headers
//! or its body, and every accepted connection is served. On an open port that lets a handful of
//! slow clients hold connections (and their buffers) for ever, so this drives hyper's HTTP/1
//! connections itself with three limits from `[http]`:
//! * `header_timeout`: the headers of a request (and the next request on a kept-alive connection)
//!   must arrive within it, or the connection is closed;
//! * `body_timeout`: the body must have arrived this long after the headers, or reading it fails
//!   (the handler answers 408) and the connection is closed;
//! * `max_connections`: connections served at once. A newcomer beyond it closes the oldest
//!   connection that has not sent a whole request yet (a slow client's); when every connection is
//!   busy with a request, it waits for one to close, and further clients wait in the kernel's
//!   listen queue instead of in the process's memory.

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use http_body::{Body, Frame, SizeHint};
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::{Notify, Semaphore, watch};
use tokio::time::{Instant, Sleep};

/// The limits of the listener (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub max_connections: usize,
    pub header_timeout: Duration,
    pub body_timeout: Duration,
}

impl Limits {
    pub fn from_config(http: &crate::config::Http) -> Limits {
        Limits {
            max_connections: http.max_connections,
            header_timeout: http.header_timeout,
            body_timeout: http.body_timeout,
        }
    }
}

/// Connections open now and the most ever open at once.
#[derive(Debug, Default)]
pub struct Connections {
    open: AtomicUsize,
    peak: AtomicUsize,
}

impl Connections {
    pub fn open(&self) -> usize {
        self.open.load(Ordering::Relaxed)
    }

    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::Relaxed)
    }

    fn opened(self: &Arc<Self>) -> OpenConnection {
        let now = self.open.fetch_add(1, Ordering::Relaxed) + 1;
        self.peak.fetch_max(now, Ordering::Relaxed);
        OpenConnection(Arc::clone(self))
    }
}

struct OpenConnection(Arc<Connections>);

impl Drop for OpenConnection {
    fn drop(&mut self) {
        self.0.open.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Connections that have not sent a whole request yet, oldest first. They are what a slow client
/// holds: when every slot is taken and a new client arrives, the oldest of them is closed to make
/// room, so clients that trickle headers cannot keep everybody else waiting.
#[derive(Default)]
struct Unproven {
    next: AtomicU64,
    waiting: Mutex<BTreeMap<u64, Arc<Notify>>>,
}

impl Unproven {
    fn lock(&self) -> MutexGuard<'_, BTreeMap<u64, Arc<Notify>>> {
        // Each change is one insert or removal: a panic elsewhere cannot leave it half done.
        self.waiting.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn add(&self) -> (u64, Arc<Notify>) {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let evict = Arc::new(Notify::new());
        self.lock().insert(id, Arc::clone(&evict));
        (id, evict)
    }

    fn remove(&self, id: u64) {
        self.lock().remove(&id);
    }

    /// Tells the oldest connection without a request to close.
    fn evict_oldest(&self) {
        if let Some((_, evict)) = self.lock().pop_first() {
            evict.notify_one();
        }
    }
}

/// Serves `router` on `listener` within `limits` until `shutdown` completes, then lets open
/// connections finish the requests they are in (the caller bounds how long it waits for that).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    connections: Arc<Connections>,
    shutdown: impl Future<Output = ()> + Send,
) {
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let unproven = Arc::new(Unproven::default());
    let (stop_tx, stop_rx) = watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of file descriptors, usually: wait for some to be given back.
                    tracing::warn!(error = %e, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let slot = match Arc::clone(&slots).try_acquire_owned() {
            Ok(slot) => slot,
            Err(_) => {
                unproven.evict_oldest();
                // With every connection busy in a request, the newcomer waits (and nobody else
                // is accepted meanwhile).
                tokio::select! {
                    slot = Arc::clone(&slots).acquire_owned() => match slot {
                        Ok(slot) => slot,
                        // The semaphore is never closed.
                        Err(_) => break,
                    },
                    () = &mut shutdown => break,
                }
            }
        };
        let open = connections.opened();
        let router = router.clone();
        let mut stop = stop_rx.clone();
        let (id, evict) = unproven.add();
        let unproven = Arc::clone(&unproven);
        tokio::spawn(async move {
            let app = TowerToHyperService::new(router);
            let first = Arc::clone(&unproven);
            let service = hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
                first.remove(id);
                let request = request.map(|body| DeadlineBody::new(body, limits.body_timeout));
                hyper::service::Service::call(&app, request)
            });
            let mut builder = http1::Builder::new();
            builder.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
            let connection = builder.serve_connection(TokioIo::new(stream), service);
            let mut connection = std::pin::pin!(connection);
            let stopped = async move {
                let _ = stop.wait_for(|stop| *stop).await;
            };
            tokio::select! {
                result = connection.as_mut() => {
                    if let Err(e) = result {
                        tracing::debug!(error = %e, "connection ended with an error");
                    }
                }
                () = evict.notified() => tracing::debug!("closed a connection without a request to make room"),
                () = stopped => {
                    connection.as_mut().graceful_shutdown();
                    if let Err(e) = connection.await {
                        tracing::debug!(error = %e, "connection ended with an error");
                    }
                }
            }
            unproven.remove(id);
            drop(open);
            drop(slot);
        });
    }
    drop(listener);
    let _ = stop_tx.send(true);
    // Every connection holds a slot until it ends: having them all back means all have ended.
    let all = u32::try_from(limits.max_connections.max(1)).unwrap_or(u32::MAX);
    let _ = slots.acquire_many(all).await;
}

/// The request body could not be read within `http.body_timeout`.
#[derive(Debug, thiserror::Error)]
#[error("the request body did not arrive within {0:?}")]
pub struct BodyTimedOut(pub Duration);

/// A request body that fails once its deadline has passed.
struct DeadlineBody<B> {
    inner: B,
    deadline: Instant,
    timeout: Duration,
    /// Made on the first wait only: most requests have no body or one that is already there.
    sleep: Option<Pin<Box<Sleep>>>,
}

impl<B> DeadlineBody<B> {
    fn new(inner: B, timeout: Duration) -> Self {
        DeadlineBody { inner, deadline: Instant::now() + timeout, timeout, sleep: None }
    }
}

impl<B> Body for DeadlineBody<B>
where
    B: Body<Data = Bytes> + Unpin,
    B::Error: Into<axum::BoxError>,
{
    type Data = Bytes;
    type Error = axum::BoxError;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = self.get_mut();
        if let Poll::Ready(frame) = Pin::new(&mut this.inner).poll_frame(cx) {
            return Poll::Ready(frame.map(|f| f.map_err(Into::into)));
        }
        let deadline = this.deadline;
        let sleep = this.sleep.get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
        match sleep.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Some(Err(Box::new(BodyTimedOut(this.timeout))))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// Whether `error` (or what caused it) is a body that did not arrive in time.
pub fn is_body_timeout(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(error);
    while let Some(e) = cause {
        if e.is::<BodyTimedOut>() {
            return true;
        }
        cause = e.source();
    }
    false
}
