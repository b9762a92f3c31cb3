"""The offline voice's toolkit, shared by every game (imports only ``companion.core`` and itself).

Start here:

* :mod:`~companion.story.voice`: what an AI seat is asked (:class:`DecisionRequest`) and answers
  (:class:`Decision`), :class:`Beat`, :class:`NarrationMemory`, the :class:`Voice` protocol and the
  :class:`OfflineVoice` built from a game's policy and narrator.

* :mod:`~companion.story.grammar`: :class:`Phrase` (a noun phrase with number and article,
  written ``"a: old enemy"``, ``"pl: wolves"``, ``"mass: despair"``), :func:`agree`, :func:`join`.
* :mod:`~companion.story.lexicon`: :class:`Words`, a thing's phrases and adjectives in data.
* :mod:`~companion.story.pronouns`: the hero's pronouns as the player gave them (:func:`parse`).
* :mod:`~companion.story.template`: :class:`Character`, :class:`Choice`, :func:`render`,
  :func:`tell` (``"{threat} [bars] the way to {place.the}"``: slots by form, verbs that agree,
  no sentence told twice, no opener twice in a scene).
* :mod:`~companion.story.memory`: :class:`Told`, the no-repeat memory over the session's set.
* :mod:`~companion.story.weave`: the player's words as prose, quoted, echoed.
* :mod:`~companion.story.facts`: :class:`FactBook`, facts made true in play.
* :mod:`~companion.story.discourse`: which beats of a scene get words (:func:`select`,
  :func:`gather`), English lists and counts (:func:`listing`, :func:`times`), things brought in
  before they are named as known (:class:`Referents`), a scene's :class:`Shape`, and one point of
  view with no live prompt on the page (:func:`person`, :func:`without_prompts`).
"""
