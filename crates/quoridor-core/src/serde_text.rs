//! The `serde` feature's text forms: squares, walls, moves and positions are serialised as
//! their notation strings and read back through their parsers, so that a bad string is refused
//! with the parser's message. (Configurations, seats, variants, outcomes and board sizes derive
//! their serde implementations where they are defined.)

use core::fmt;

use crate::moves::Move;
use crate::position::Position;
use crate::square::Square;
use crate::wall::Wall;

macro_rules! via_string {
    ($t:ty, $what:literal) => {
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                struct V;
                impl serde::de::Visitor<'_> for V {
                    type Value = $t;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str($what)
                    }
                    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<$t, E> {
                        v.parse().map_err(E::custom)
                    }
                }
                d.deserialize_str(V)
            }
        }
    };
}

via_string!(Square, "a square like e1");
via_string!(Wall, "a wall like e3h");
via_string!(Move, "a move like e2 or e3h");
via_string!(Position, "a position string");
