"""The words of "Play a friend" (the connection dialog and the peer game's notices), in English and Brazilian
Portuguese. Pure: ``net.peer_view`` picks the language from the page.

The session (``net.session``) reports notices as (code, English text); ``notice_text`` shows the ones listed in
``NOTICE_KEYS`` in the page's language. The others (a refused message, with the reason the protocol gives) keep
the session's text.
"""
from __future__ import annotations

TEXTS = {
    "en": {
        "play_friend": "Play a friend", "title": "Play a friend", "invite": "Invite link",
        "no_webrtc": "Play a friend needs WebRTC, which this browser lacks or has switched off.",
        "no_webrtc_guest": "This browser cannot join the game: it has WebRTC, which connects the two players' "
                           "browsers, switched off or missing (as Tor Browser, Safari's Lockdown Mode or Firefox "
                           "with WebRTC disabled do). Open the invite link in another browser, such as Chrome, "
                           "Firefox, Safari or Edge with their usual settings. You can still play the bot here.",
        "answer": "Answer code", "paste": "Paste answer code", "connect": "Connect", "close": "Close",
        "copy": "Copy", "copied": "Copied", "making": "Making the invite…",
        "share": "Share", "share_text": "A game of backgammon (Gamão) with me: open this link.",
        "share_failed": "Could not share from this browser: use Copy.",
        "copy_by_hand": "The code is selected: copy it with your device's Copy.",
        "host_help": "Send this link (or let your friend scan the QR code). Then paste the answer code they send "
                     "back, and press Connect.",
        "guest_help": "Send this answer code back to the friend who invited you (or let them scan the QR code).",
        "answering": "Reading the invite…", "connecting": "Connecting…", "connected": "Connected.",
        "match": "Match", "money": "Money game", "points": "{n} points",
        "servers": "STUN / TURN servers (one per line: url [username credential])",
        "settings": "Connection settings",
        "lost": "The connection to the other player was lost. The game is kept: press “Play a friend” on either "
                "side to make a new invite and continue.",
        "silent": "The other player is not answering.", "claim": "Claim the game", "bot_seat": "Play the bot from here",
        "resumed": "Connected again: the game continues.", "no_game": "The other player wants to continue a game "
        "that this browser does not have.",
        "waiting": "Waiting for the other player…", "you": "You", "friend": "Friend",
        "clock_played": "Your time ran out: the table played for you.",
        "claim_won": "You claimed the game: the other player did not answer in time.",
        "claimed_against": "The other player claimed the game: your time had run out.",
        "claim_answered": "The other player answered in time: your claim is withdrawn and the game goes on.",
        "bad_claim": "The other player claimed the game before your time ran out: refused, the game goes on.",
    },
    "pt": {
        "play_friend": "Jogar com um amigo", "title": "Jogar com um amigo", "invite": "Link de convite",
        "no_webrtc": "Jogar com um amigo precisa de WebRTC, que este navegador não tem ou desligou.",
        "no_webrtc_guest": "Este navegador não consegue entrar no jogo: ele está sem WebRTC, que liga os "
                           "navegadores dos dois jogadores, ou com ele desligado (como o Tor Browser, o Modo de "
                           "Isolamento do Safari ou o Firefox com WebRTC desativado). Abra o link de convite em "
                           "outro navegador, como Chrome, Firefox, Safari ou Edge com as configurações de sempre. "
                           "Aqui você ainda pode jogar contra o bot.",
        "answer": "Código de resposta", "paste": "Cole o código de resposta", "connect": "Conectar",
        "close": "Fechar", "copy": "Copiar", "copied": "Copiado", "making": "Preparando o convite…",
        "share": "Compartilhar", "share_text": "Uma partida de gamão comigo: abra este link.",
        "share_failed": "Não foi possível compartilhar deste navegador: use Copiar.",
        "copy_by_hand": "O código está selecionado: copie-o com o Copiar do seu aparelho.",
        "host_help": "Envie este link (ou deixe seu amigo ler o QR code). Depois cole o código de resposta que ele "
                     "enviar e toque em Conectar.",
        "guest_help": "Envie este código de resposta para o amigo que convidou você (ou deixe-o ler o QR code).",
        "answering": "Lendo o convite…", "connecting": "Conectando…", "connected": "Conectado.",
        "match": "Partida", "money": "Jogo a dinheiro", "points": "{n} pontos",
        "servers": "Servidores STUN / TURN (um por linha: url [usuário senha])",
        "settings": "Configurações de conexão",
        "lost": "A conexão com o outro jogador caiu. O jogo foi guardado: toque em “Jogar com um amigo” em "
                "qualquer lado para fazer um novo convite e continuar.",
        "silent": "O outro jogador não está respondendo.", "claim": "Reivindicar o jogo",
        "bot_seat": "Jogar contra o bot daqui",
        "resumed": "Conectado de novo: o jogo continua.",
        "no_game": "O outro jogador quer continuar um jogo que este navegador não tem.",
        "waiting": "Esperando o outro jogador…", "you": "Você", "friend": "Amigo",
        "clock_played": "Seu tempo acabou: a mesa jogou por você.",
        "claim_won": "Você reivindicou o jogo: o outro jogador não respondeu a tempo.",
        "claimed_against": "O outro jogador reivindicou o jogo: seu tempo tinha acabado.",
        "claim_answered": "O outro jogador respondeu a tempo: sua reivindicação foi retirada e o jogo continua.",
        "bad_claim": "O outro jogador reivindicou o jogo antes de seu tempo acabar: recusado, o jogo continua.",
    },
}

NOTICE_KEYS = {"resumed": "resumed", "clock": "clock_played", "claim_won": "claim_won",
               "claimed_against": "claimed_against", "claim_answered": "claim_answered", "bad_claim": "bad_claim"}


def text(lang: str, key: str, **kw) -> str:
    """The string ``key`` in ``lang`` (English when that language lacks it), formatted with ``kw``."""
    s = TEXTS.get(lang, TEXTS["en"]).get(key) or TEXTS["en"][key]
    return s.format(**kw) if kw else s


def notice_text(lang: str, code: str, english: str) -> str:
    """What to show for a session notice: its translation when the code has one, else the session's text."""
    key = NOTICE_KEYS.get(code)
    return text(lang, key) if key else english
