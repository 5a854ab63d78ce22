//! Thinking on the opponent's time: [`Engine::ponder`] hands the engine to a thread that
//! searches the game's current position (the opponent to move) until [`Ponder::stop`]
//! hands it back. Nothing of the pondering search is played; what it leaves is what the
//! next search starts from: the transposition table of the two-player search, and the
//! tree of the three- and four-player search, whose subtree under the position the
//! opponents reach is kept (`docs/ai.md`, "Pondering").

use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

use quoridor_core::Game;

use crate::{Engine, Limits};

/// An engine pondering on another thread ([`Engine::ponder`]); [`Ponder::stop`] gives it
/// back. Dropped without `stop`, it stops the thread and drops the engine.
///
/// ```
/// use quoridor_ai::{Engine, EngineOptions, Limits};
/// use quoridor_core::{Config, Game};
/// let mut game = Game::new(&Config::default()).unwrap();
/// let mut engine = Engine::new(EngineOptions::default().with_hash_mb(16));
/// let ours = engine.search_game(&game, &Limits::depth(3), &mut |_| {}).unwrap();
/// game.play(ours.best).unwrap();
/// // The opponent thinks; so does the engine.
/// let pondering = engine.ponder(&game);
/// game.play("e8".parse().unwrap()).unwrap();
/// let mut engine = pondering.stop();
/// let next = engine.search_game(&game, &Limits::depth(3), &mut |_| {}).unwrap();
/// assert!(game.position().is_legal(next.best));
/// ```
#[derive(Debug)]
pub struct Ponder {
    /// The engine: the thread holds the lock while it searches.
    engine: Arc<Mutex<Option<Engine>>>,
    stop: Arc<AtomicBool>,
    /// `None` when no thread could be started (the engine then waits in `engine`). Only
    /// joined, so a panic elsewhere cannot leave it half-changed: it is unwind-safe.
    thread: Option<AssertUnwindSafe<JoinHandle<u64>>>,
}

impl Engine {
    /// Searches the current position of `game` on another thread, without a limit, until
    /// [`Ponder::stop`]: call it after the engine's move, while the opponents think. The
    /// search uses the engine's threads and options; it ends by itself when the game is
    /// over, when the position is an exact race, or when the three- and four-player tree
    /// fills its memory (the table's size, at least 256 MiB). Should the system refuse a
    /// thread, nothing is searched and `stop` returns the engine as it was.
    #[must_use = "the engine is inside: `stop` gives it back"]
    pub fn ponder(self, game: &Game) -> Ponder {
        let stop = Arc::new(AtomicBool::new(false));
        let engine = Arc::new(Mutex::new(Some(self)));
        let (slot, flag, game) = (Arc::clone(&engine), Arc::clone(&stop), game.clone());
        let thread = std::thread::Builder::new().name("ponder".into()).spawn(move || {
            let mut held = slot.lock().unwrap_or_else(PoisonError::into_inner);
            let Some(engine) = held.as_mut() else { return 0 };
            let limits = Limits::default().with_stop(flag);
            engine.search_game(&game, &limits, &mut |_| {}).map_or(0, |r| r.info.nodes)
        });
        Ponder { engine, stop, thread: thread.ok().map(AssertUnwindSafe) }
    }
}

impl Ponder {
    /// Stops the search and gives the engine back, with what it learnt.
    ///
    /// # Panics
    /// Only on a bug in the search: a panic of the pondering thread is raised again here.
    #[must_use]
    pub fn stop(mut self) -> Engine {
        self.finish().0
    }

    /// Stops the search; gives the engine back with the nodes it searched (0 when it was
    /// stopped before its first result).
    ///
    /// # Panics
    /// As [`Ponder::stop`].
    #[must_use]
    pub fn stop_with_nodes(mut self) -> (Engine, u64) {
        self.finish()
    }

    /// Whether the search has ended by itself (see [`Engine::ponder`]); [`Ponder::stop`]
    /// is still what gives the engine back.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(|t| t.is_finished())
    }

    fn finish(&mut self) -> (Engine, u64) {
        self.stop.store(true, Ordering::Relaxed);
        let nodes = match self.thread.take().map(|t| t.0.join()) {
            None => 0,
            Some(Ok(nodes)) => nodes,
            Some(Err(payload)) => std::panic::resume_unwind(payload),
        };
        let engine = self.engine.lock().unwrap_or_else(PoisonError::into_inner).take();
        // The thread gives the engine back whenever it ends without a panic, and a panic
        // was raised again above.
        (engine.expect("the pondering thread returned the engine"), nodes)
    }
}

impl Drop for Ponder {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            // A panic of the thread is dropped with the engine: nobody wants them now.
            let _ = t.0.join();
        }
    }
}

#[cfg(test)]
mod tests {
    /// What release 0.2's `EngineBot` and the protocol's `Session` were, and hold a `Ponder`.
    #[test]
    fn a_ponder_is_send_and_unwind_safe() {
        fn check<T: Send + std::panic::UnwindSafe + std::panic::RefUnwindSafe>() {}
        check::<super::Ponder>();
        check::<crate::EngineBot>();
    }
}
