//! The help overlay: the keys of the current screen in a box over it. The screens' key
//! bindings belong to the interactive loop, which passes them in.

use ratatui::Frame;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

/// Draws `keys` in a box centred in `area`, clearing what is under it.
pub fn render_help(frame: &mut Frame, area: Rect, title: &str, keys: &[(&str, &str)]) {
    let key_width = keys.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    let text_width = keys.iter().map(|(_, t)| t.len()).max().unwrap_or(0);
    let width = u16::try_from(key_width + text_width + 6).unwrap_or(u16::MAX);
    let height = u16::try_from(keys.len() + 2).unwrap_or(u16::MAX);
    let [row] = Layout::vertical([Constraint::Length(height)])
        .flex(Flex::Center)
        .areas(area);
    let [boxed] = Layout::horizontal([Constraint::Length(width)])
        .flex(Flex::Center)
        .areas(row);
    let lines: Vec<Line> = keys
        .iter()
        .map(|(k, t)| {
            Line::from(vec![
                Span::styled(
                    format!("{k:>key_width$}"),
                    Style::new().add_modifier(Modifier::BOLD),
                ),
                Span::raw(format!("  {t}")),
            ])
        })
        .collect();
    frame.render_widget(Clear, boxed);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(format!(" {title} ")),
        ),
        boxed,
    );
}
