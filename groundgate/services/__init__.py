"""Business logic. The only layer that touches both the ORM and the engine.

Functions are keyword-only and named <entity>_<action>; views, API views, commands and tasks call
them and do nothing else of substance.
"""
